import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { pageLanguage } from '#client/lib/page-language.ts';
import type { SearchResponse } from '#shared/api/content.ts';

/** The site's pages in the page's language that match the words. */
export const searchQuery = (q: string) => {
  const lang = pageLanguage();
  return queryOptions({
    queryKey: ['search', q, lang],
    queryFn: () => apiFetch<SearchResponse>(`/api/search?${new URLSearchParams({ q, lang })}`),
  });
};
