import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import type { Role } from '#shared/api/auth.ts';
import { rememberSignedIn } from './signed-in-hint.ts';

interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role | (string & {});
  twoFactorEnabled?: boolean | null;
}

/** Better Auth's `get-session`: null when signed out. */
export interface Session {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

export const sessionQuery = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: async () => {
      const session = await apiFetch<Session | null>('/api/auth/get-session');
      rememberSignedIn(session !== null);
      return session;
    },
    staleTime: 60_000,
    retry: false,
  });
