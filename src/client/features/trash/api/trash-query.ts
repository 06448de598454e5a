import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { listQueryString } from '#client/lib/list-params.ts';
import type { TrashKind, TrashPage } from '#shared/api/trash.ts';

export const TRASH_PAGE_SIZE = 12;

export const trashQuery = (kind: TrashKind, q: string, page: number) =>
  queryOptions({
    queryKey: ['trash', kind, { q, page }],
    queryFn: () =>
      apiFetch<TrashPage>(
        `/api/trash?kind=${kind}&${listQueryString({ q, page, pageSize: TRASH_PAGE_SIZE })}`,
      ),
    staleTime: 10_000,
  });

/** `?kind=` of the trash page; anything else is the people. */
export const trashKind = (params: URLSearchParams): TrashKind =>
  params.get('kind') === 'renewals' ? 'renewals' : 'people';

const restorePaths: Record<TrashKind, string> = { people: '/api/people/', renewals: '/api/renewals/' };

export const restoreRecord = ({ kind, id }: { kind: TrashKind; id: string }) =>
  apiFetch<unknown>(`${restorePaths[kind]}${encodeURIComponent(id)}/restore`, { method: 'POST' });
