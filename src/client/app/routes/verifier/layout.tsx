import '../dashboard/mantine-staff.css';
import { AppShell, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, redirect, ScrollRestoration, useNavigate } from 'react-router';
import { loginHref } from '#client/features/auth/api/redirect-target.ts';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import { signOut } from '#client/features/auth/api/sign-in.ts';
import { rememberSignedIn } from '#client/features/auth/api/signed-in-hint.ts';
import { notify } from '#client/lib/notify.ts';
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
  const client = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      client.clear();
      rememberSignedIn(false);
      await navigate('/login', { replace: true });
    },
    onError: () => notify.error('Could not log out. Please try again.'),
  });
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
