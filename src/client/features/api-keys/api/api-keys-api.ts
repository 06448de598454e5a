import { queryOptions } from '@tanstack/react-query';
import { apiFetch, postJson } from '#client/lib/api-client.ts';
import type { ApiKeysResponse, ApiKeyView, CreateApiKeyInput, CreatedApiKey } from '#shared/api/api-keys.ts';

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: ['api-keys'],
    queryFn: async () => (await apiFetch<ApiKeysResponse>('/api/api-keys')).items,
    staleTime: 10_000,
  });

export const createApiKey = (input: CreateApiKeyInput) => postJson<CreatedApiKey>('/api/api-keys', input);

export const revokeApiKey = (id: string) =>
  apiFetch<ApiKeyView>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
