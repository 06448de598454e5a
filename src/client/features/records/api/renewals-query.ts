import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { listQueryString } from '#client/lib/list-params.ts';
import type { RenewalsPage, RenewalView } from '#shared/api/people.ts';

export const RENEWALS_PAGE_SIZE = 12;

export const renewalsQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['renewals', 'list', { q, page }],
    queryFn: () =>
      apiFetch<RenewalsPage>(`/api/renewals?${listQueryString({ q, page, pageSize: RENEWALS_PAGE_SIZE })}`),
    staleTime: 10_000,
  });

export const renewalQuery = (id: string) =>
  queryOptions({
    queryKey: ['renewals', 'one', id],
    queryFn: () => apiFetch<RenewalView>(`/api/renewals/${encodeURIComponent(id)}`),
    staleTime: 10_000,
    retry: false,
  });
