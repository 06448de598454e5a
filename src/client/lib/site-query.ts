import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { pageLanguage } from '#client/lib/page-language.ts';
import { siteData } from '#shared/api/page-data.ts';
import type { SiteResponse } from '#shared/api/site.ts';

/** The brand in the page's language. */
export const siteQuery = () => {
  const data = siteData(pageLanguage());
  return queryOptions({
    queryKey: data.queryKey,
    queryFn: () => apiFetch<SiteResponse>(data.url),
    staleTime: Infinity,
  });
};

/** The brand; the root loader has fetched it before any page renders. */
export const useSite = () => useSuspenseQuery(siteQuery()).data;
