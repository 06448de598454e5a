import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { listParams } from '#client/lib/list-params.ts';
import { type AuditActors, type AuditPage, auditActions, auditEntityTypes } from '#shared/api/audit.ts';

export const AUDIT_PAGE_SIZE = 25;
/** A batch's records shown at a time when its line is opened. */
export const BATCH_PAGE_SIZE = 10;

/** The trail's page and filters as the URL holds them: who, what, which records, which days. */
export interface AuditFilters {
  actor?: string;
  action?: string;
  entityType?: string;
  /** The reader's own calendar days (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = (value: string | null, allowed: readonly string[]) =>
  value && allowed.includes(value) ? value : undefined;

export function readAuditParams(search: URLSearchParams | string) {
  const params = typeof search === 'string' ? new URL(search).searchParams : search;
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
  };
  let [from, to] = [day('from'), day('to')];
  // Days typed the wrong way round mean the span between them.
  if (from && to && from > to) [from, to] = [to, from];
  const filters: AuditFilters = {
    actor: params.get('actor')?.slice(0, 100) || undefined,
    action: oneOf(params.get('action'), auditActions),
    entityType: oneOf(params.get('entityType'), auditEntityTypes),
    from,
    to,
  };
  return { page: listParams(params).page, filters };
}

/** The start of a day in the reader's time zone, as the instant the API takes. */
const localMidnight = (day: string, plusDays = 0) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
};

function apiQuery(page: number, pageSize: number, { from, to, ...rest }: AuditFilters & { batch?: string }) {
  const query: Record<string, string> = { page: String(page), pageSize: String(pageSize) };
  for (const [name, value] of Object.entries(rest)) if (value) query[name] = value;
  if (from) query.from = localMidnight(from);
  if (to) query.to = localMidnight(to, 1);
  return new URLSearchParams(query).toString();
}

export const auditQuery = (page: number, filters: AuditFilters = {}) =>
  queryOptions({
    queryKey: ['audit', 'lines', page, filters],
    queryFn: () => apiFetch<AuditPage>(`/api/audit?${apiQuery(page, AUDIT_PAGE_SIZE, filters)}`),
    staleTime: 10_000,
  });

/** The records of one import or bulk action, a page at a time. */
export const auditBatchQuery = (batch: string, page: number) =>
  queryOptions({
    queryKey: ['audit', 'batch', batch, page],
    queryFn: () => apiFetch<AuditPage>(`/api/audit?${apiQuery(page, BATCH_PAGE_SIZE, { batch })}`),
    staleTime: 60_000,
  });

export const auditActorsQuery = () =>
  queryOptions({
    queryKey: ['audit', 'actors'],
    queryFn: () => apiFetch<AuditActors>('/api/audit/actors'),
    staleTime: 60_000,
  });
