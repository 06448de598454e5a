import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiFetch, postJson } from '#client/lib/api-client.ts';
import { uploadForm } from '#client/lib/upload.ts';
import type { PasswordResetLinkView } from '#shared/api/users.ts';
import type {
  CheckLogResponse,
  ListCheckResult,
  NewVerifierKey,
  VerifierAccount,
  VerifierApplicationInput,
  VerifierApproval,
  VerifierKeyView,
  VerifierReportView,
  VerifiersResponse,
  VerifierView,
} from '#shared/api/verifiers.ts';

/** A checked list's report as the portal keeps it, for whoever scans the QR code on its PDF. */
export const fetchVerifierReport = (id: string) =>
  apiFetch<VerifierReportView>(`/api/verifier-reports/${encodeURIComponent(id)}`);

export const applyForVerifierAccount = (input: VerifierApplicationInput) =>
  postJson<{ status: string }>('/api/verifier-applications', input);

export const verifiersQuery = () =>
  queryOptions({
    queryKey: ['verifiers'],
    queryFn: async () => (await apiFetch<VerifiersResponse>('/api/verifiers')).items,
    staleTime: 10_000,
  });

const verifierUrl = (id: string) => `/api/verifiers/${encodeURIComponent(id)}`;

export const approveVerifier = (id: string) => postJson<VerifierApproval>(`${verifierUrl(id)}/approve`, {});
export const newSetupLink = (id: string) =>
  postJson<PasswordResetLinkView>(`${verifierUrl(id)}/setup-link`, {});

export type VerifierDecision = 'refuse' | 'suspend' | 'reinstate';
export const decideVerifier = (id: string, decision: VerifierDecision) =>
  postJson<VerifierView>(`${verifierUrl(id)}/${decision}`, {});

export const setDailyQuota = (id: string, dailyQuota: number) =>
  apiFetch<VerifierView>(verifierUrl(id), { method: 'PATCH', body: JSON.stringify({ dailyQuota }) });

/** The signed-in verifier's own account; its id is part of the key, so another sign-in never sees it. */
export const verifierAccountQuery = (userId: string) =>
  queryOptions({
    queryKey: ['verifier-account', userId],
    queryFn: () => apiFetch<VerifierAccount>('/api/verifier/account'),
  });

export const checkPastedList = (text: string) => postJson<ListCheckResult>('/api/verifier/checks', { text });

export function checkListFile(file: File) {
  const body = new FormData();
  body.append('file', file);
  return uploadForm<ListCheckResult>('/api/verifier/checks/upload', body);
}

/** The check log of one verifier (`verifiers/:id/checks`) or of one record (`people/:id/verifier-checks`). */
/** The check log per verifier or per record, a screen of 200 at a time, newest first. */
export const checkLogQuery = (of: { verifierId: string } | { personId: string }) =>
  infiniteQueryOptions({
    queryKey: ['verifier-check-log', of],
    queryFn: ({ pageParam }) => {
      const url =
        'verifierId' in of
          ? `${verifierUrl(of.verifierId)}/checks`
          : `/api/people/${encodeURIComponent(of.personId)}/verifier-checks`;
      return apiFetch<CheckLogResponse>(pageParam ? `${url}?after=${encodeURIComponent(pageParam)}` : url);
    },
    initialPageParam: '',
    getNextPageParam: (screen) => screen.next,
  });

export const verifierKeysQuery = () =>
  queryOptions({
    queryKey: ['verifier-keys'],
    queryFn: async () => (await apiFetch<{ items: VerifierKeyView[] }>('/api/verifier/api-keys')).items,
  });
export const createVerifierKey = (name: string) =>
  postJson<NewVerifierKey>('/api/verifier/api-keys', { name });
export const revokeVerifierKey = (id: string) =>
  apiFetch<void>(`/api/verifier/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
