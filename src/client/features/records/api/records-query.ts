import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { listQueryString } from '#client/lib/list-params.ts';
import type { PeoplePage, PersonView, RenewalsPage, RenewalView } from '#shared/api/people.ts';

/** The two kinds of records staff keep, each at `/api/<kind>`: its list page and its one record. */
export interface RecordTypes {
  people: { page: PeoplePage; one: PersonView };
  renewals: { page: RenewalsPage; one: RenewalView };
}
export type RecordKind = keyof RecordTypes;

export const RECORDS_PAGE_SIZE = 12;

export const recordsQuery = <K extends RecordKind>(kind: K, q: string, page: number) =>
  queryOptions({
    queryKey: [kind, 'list', { q, page }],
    queryFn: () =>
      apiFetch<RecordTypes[K]['page']>(
        `/api/${kind}?${listQueryString({ q, page, pageSize: RECORDS_PAGE_SIZE })}`,
      ),
    staleTime: 10_000,
  });

export const recordQuery = <K extends RecordKind>(kind: K, id: string) =>
  queryOptions({
    queryKey: [kind, 'one', id],
    queryFn: () => apiFetch<RecordTypes[K]['one']>(`/api/${kind}/${encodeURIComponent(id)}`),
    staleTime: 10_000,
    retry: false,
  });
