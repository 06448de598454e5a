import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import type { SiteResponse } from '#shared/api/site.ts';

export const siteQuery = () =>
  queryOptions({
    queryKey: ['site'],
    queryFn: () => apiFetch<SiteResponse>('/api/site'),
    staleTime: Infinity,
  });

/** The brand; the root loader has fetched it before any page renders. */
export const useSite = () => useSuspenseQuery(siteQuery()).data;
