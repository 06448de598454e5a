import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { pageLanguage } from '#client/lib/page-language.ts';
import { queryClient } from '#client/lib/query-client.ts';
import type { Content, ContentName } from '#shared/api/content.ts';
import { contentData } from '#shared/api/page-data.ts';

/** A page's content in the page's language. */
const contentQuery = <N extends ContentName>(name: N) => {
  const data = contentData(name, pageLanguage());
  return queryOptions({
    queryKey: data.queryKey,
    queryFn: () => apiFetch<Content<N>>(data.url),
    staleTime: Infinity,
  });
};

export const useContent = <N extends ContentName>(name: N) => useSuspenseQuery(contentQuery(name)).data;

/** A route loader that fetches a page's content before the page renders. */
export const loadContent =
  (...names: readonly ContentName[]) =>
  () =>
    Promise.all(names.map((name) => queryClient.ensureQueryData(contentQuery(name))));
