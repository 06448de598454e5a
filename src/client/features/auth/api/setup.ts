import { queryOptions } from '@tanstack/react-query';
import { apiFetch, postJson } from '#client/lib/api-client.ts';
import type { SetupInput } from '#shared/api/auth.ts';

export const setupStatusQuery = () =>
  queryOptions({
    queryKey: ['setup'],
    queryFn: () => apiFetch<{ needed: boolean }>('/api/setup'),
    staleTime: 0,
  });

export const completeSetup = (input: SetupInput) =>
  postJson<{ id: string; email: string }>('/api/setup', input);
