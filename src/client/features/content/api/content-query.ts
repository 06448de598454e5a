import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import type { Content, ContentName } from '#shared/api/content.ts';

export const contentQuery = <N extends ContentName>(name: N) =>
  queryOptions({
    queryKey: ['content', name],
    queryFn: () => apiFetch<Content<N>>(`/api/content/${name}`),
    staleTime: Infinity,
  });

export const useContent = <N extends ContentName>(name: N) => useSuspenseQuery(contentQuery(name)).data;

/** A route loader that fetches a page's content before the page renders. */
export const loadContent =
  <N extends ContentName>(name: N) =>
  () =>
    queryClient.ensureQueryData(contentQuery(name));
