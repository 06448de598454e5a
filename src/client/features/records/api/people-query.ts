import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { listQueryString } from '#client/lib/list-params.ts';
import type { PeoplePage, PersonView } from '#shared/api/people.ts';

export const PEOPLE_PAGE_SIZE = 12;

export const peopleQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['people', 'list', { q, page }],
    queryFn: () =>
      apiFetch<PeoplePage>(`/api/people?${listQueryString({ q, page, pageSize: PEOPLE_PAGE_SIZE })}`),
    staleTime: 10_000,
  });

export const personQuery = (id: string) =>
  queryOptions({
    queryKey: ['people', 'one', id],
    queryFn: () => apiFetch<PersonView>(`/api/people/${encodeURIComponent(id)}`),
    staleTime: 10_000,
    retry: false,
  });
