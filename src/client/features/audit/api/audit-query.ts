import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { listQueryString } from '#client/lib/list-params.ts';
import type { AuditEventView, AuditPage } from '#shared/api/audit.ts';

export const AUDIT_PAGE_SIZE = 25;

export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: ['audit', page],
    queryFn: () => apiFetch<AuditPage>(`/api/audit?${listQueryString({ page, pageSize: AUDIT_PAGE_SIZE })}`),
    staleTime: 10_000,
  });

/** Names only: the before and after values are personal data and stay off the screen. */
export const changedFields = (event: AuditEventView): string[] => Object.keys(event.changes);
