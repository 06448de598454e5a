import './mantine-staff.css';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, redirect, ScrollRestoration, useNavigate } from 'react-router';
import { DashboardShell } from '#client/components/layout/dashboard-shell.tsx';
import { loginHref } from '#client/features/auth/api/redirect-target.ts';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import { signOut } from '#client/features/auth/api/sign-in.ts';
import { rememberSignedIn } from '#client/features/auth/api/signed-in-hint.ts';
import { notify } from '#client/lib/notify.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { VERIFIER_ROLE } from '#shared/api/auth.ts';

/** Signed-out visitors go to the login page, which brings them back here afterwards. */
export async function loader({ request }: { request: Request }) {
  const session = await queryClient.fetchQuery(sessionQuery());
  if (!session) {
    const url = new URL(request.url);
    throw redirect(loginHref(url.pathname + url.search));
  }
  // A verifier signs in on the same page; the staff dashboard is never theirs.
  if (session.user.role === VERIFIER_ROLE) throw redirect('/verifier');
  return null;
}

export function Component() {
  const { data: session } = useSuspenseQuery(sessionQuery());
  const client = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Nothing a signed-in user saw may stay in memory after they leave.
      client.clear();
      rememberSignedIn(false);
      await navigate('/login', { replace: true });
    },
    onError: () => notify.error('Could not log out. Please try again.'),
  });

  return (
    <DashboardShell
      userEmail={session?.user.email ?? ''}
      isAdmin={session?.user.role === 'admin'}
      loggingOut={logout.isPending}
      onLogout={() => logout.mutate()}
    >
      <Outlet />
      <ScrollRestoration />
    </DashboardShell>
  );
}
