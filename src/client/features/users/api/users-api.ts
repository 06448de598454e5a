import { queryOptions } from '@tanstack/react-query';
import { apiFetch, postJson } from '#client/lib/api-client.ts';
import type { Role } from '#shared/api/auth.ts';
import type { CreateUserInput, UsersResponse, UserView } from '#shared/api/users.ts';

export const usersQuery = () =>
  queryOptions({
    queryKey: ['users'],
    queryFn: async () => (await apiFetch<UsersResponse>('/api/users')).items,
    staleTime: 10_000,
  });

export const createUser = (input: CreateUserInput) => postJson<UserView>('/api/users', input);

export const changeRole = ({ id, role }: { id: string; role: Role }) =>
  apiFetch<UserView>(`/api/users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: JSON.stringify({ role }),
  });

export const deleteUser = (id: string) =>
  apiFetch<void>(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
