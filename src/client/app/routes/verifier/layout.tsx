import '../dashboard/mantine-staff.css';
import { AppShell, Button, Group, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, redirect, ScrollRestoration } from 'react-router';
import { loginHref } from '#client/features/auth/api/redirect-target.ts';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import { useLogout } from '#client/features/auth/api/use-logout.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { VERIFIER_ROLE } from '#shared/api/auth.ts';

/** Only a verifier's session opens the verifier area; staff go to their dashboard. */
export async function loader({ request }: { request: Request }) {
  const session = await queryClient.fetchQuery(sessionQuery());
  if (!session) {
    const url = new URL(request.url);
    throw redirect(loginHref(url.pathname + url.search));
  }
  if (session.user.role !== VERIFIER_ROLE) throw redirect('/dashboard');
  return null;
}

/** The verifier area: a plain frame of its own, apart from the staff dashboard's navigation. */
export function Component() {
  const { data: session } = useSuspenseQuery(sessionQuery());
  const logout = useLogout();
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header component="header">
        <Group h="100%" px="md" justify="space-between">
          <Text fw={700}>Verifier area</Text>
          <Group gap="sm">
            <Text size="sm">{session?.user.email}</Text>
            <Button size="xs" variant="light" onClick={() => logout.mutate()} disabled={logout.isPending}>
              Log out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main" component="main">
        <Outlet />
        <ScrollRestoration />
      </AppShell.Main>
    </AppShell>
  );
}
