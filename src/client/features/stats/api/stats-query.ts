import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import type { StatsResponse } from '#shared/api/stats.ts';

export const statsQuery = () =>
  queryOptions({
    queryKey: ['stats'],
    queryFn: () => apiFetch<StatsResponse>('/api/stats'),
    staleTime: 10_000,
  });
