import './mantine-staff.css';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, redirect, ScrollRestoration } from 'react-router';
import { editorHome, editorLinks } from '#client/components/layout/dashboard-links.ts';
import { DashboardShell } from '#client/components/layout/dashboard-shell.tsx';
import { loginHref } from '#client/features/auth/api/redirect-target.ts';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import { useLogout } from '#client/features/auth/api/use-logout.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { VERIFIER_ROLE } from '#shared/api/auth.ts';

const editorPaths = new Set<string>(editorLinks.map((link) => link.to));

/** Signed-out visitors go to the login page, which brings them back here afterwards. */
export async function loader({ request }: { request: Request }) {
  const session = await queryClient.fetchQuery(sessionQuery());
  if (!session) {
    const url = new URL(request.url);
    throw redirect(loginHref(url.pathname + url.search));
  }
  // A verifier signs in on the same page; the staff dashboard is never theirs.
  if (session.user.role === VERIFIER_ROLE) throw redirect('/verifier');
  // An editor's dashboard is the pages and their own account: every other page would be refused.
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  if (session.user.role === 'editor' && !editorPaths.has(path)) throw redirect(editorHome);
  return null;
}

export function Component() {
  const { data: session } = useSuspenseQuery(sessionQuery());
  const logout = useLogout();

  return (
    <DashboardShell
      userEmail={session?.user.email ?? ''}
      role={session?.user.role ?? 'staff'}
      loggingOut={logout.isPending}
      onLogout={() => logout.mutate()}
    >
      <Outlet />
      <ScrollRestoration />
    </DashboardShell>
  );
}
