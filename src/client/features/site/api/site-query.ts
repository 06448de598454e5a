import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { siteData } from '#shared/api/page-data.ts';
import type { SiteResponse } from '#shared/api/site.ts';

export const siteQuery = () =>
  queryOptions({
    queryKey: siteData.queryKey,
    queryFn: () => apiFetch<SiteResponse>(siteData.url),
    staleTime: Infinity,
  });

/** The brand; the root loader has fetched it before any page renders. */
export const useSite = () => useSuspenseQuery(siteQuery()).data;
