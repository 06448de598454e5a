import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import type { SearchResponse } from '#shared/api/content.ts';

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['search', q],
    queryFn: () => apiFetch<SearchResponse>(`/api/search?${new URLSearchParams({ q })}`),
  });
