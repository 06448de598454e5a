import { queryOptions } from '@tanstack/react-query';
import { apiFetch, postJson } from '#client/lib/api-client.ts';
import type {
  CreateUserInput,
  PasswordResetLinkView,
  UpdateUserInput,
  UsersResponse,
  UserView,
} from '#shared/api/users.ts';

export const usersQuery = () =>
  queryOptions({
    queryKey: ['users'],
    queryFn: async () => (await apiFetch<UsersResponse>('/api/users')).items,
    staleTime: 10_000,
  });

export const createUser = (input: CreateUserInput) => postJson<UserView>('/api/users', input);

const userUrl = (id: string) => `/api/users/${encodeURIComponent(id)}`;

export const updateUser = ({ id, ...change }: UpdateUserInput & { id: string }) =>
  apiFetch<UserView>(userUrl(id), { method: 'PATCH', body: JSON.stringify(change) });

export const deleteUser = (id: string) => apiFetch<void>(userUrl(id), { method: 'DELETE' });

export const createResetLink = (id: string) =>
  postJson<PasswordResetLinkView>(`${userUrl(id)}/password-reset-link`, {});
