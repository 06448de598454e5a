import { postJson } from '#client/lib/api-client.ts';
import type { RevocationState } from '#shared/api/credentials.ts';

export const revokePerson = ({ id, reason }: { id: string; reason: string }) =>
  postJson<RevocationState>(`/api/people/${encodeURIComponent(id)}/revoke`, { reason });

export const reinstatePerson = (id: string) =>
  postJson<RevocationState>(`/api/people/${encodeURIComponent(id)}/reinstate`, {});
