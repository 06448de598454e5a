import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { ChangePasswordForm } from '#client/features/account/components/change-password-form.tsx';
import { TwoFactorCard } from '#client/features/account/components/two-factor-card.tsx';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import { ownSignInQuery, signInOptionsQuery } from '#client/features/auth/api/single-sign-on.ts';
import { queryClient } from '#client/lib/query-client.ts';

export async function loader() {
  const session = await queryClient.fetchQuery(sessionQuery());
  if (!session) return null; // the layout sends signed-out visitors to the login page
  return Promise.all([
    queryClient.ensureQueryData(ownSignInQuery(session.user.id)),
    queryClient.ensureQueryData(signInOptionsQuery()),
  ]);
}

// Reads only the session and sign-in routes, never the staff API: an administrator who must set
// up two-factor sign-in first can reach this page.
export function Component() {
  const { data: session } = useSuspenseQuery(sessionQuery());
  const { data: mine } = useSuspenseQuery(ownSignInQuery(session?.user.id ?? ''));
  const { data: options } = useSuspenseQuery(signInOptionsQuery());
  if (!mine.password) {
    const provider = options.singleSignOn?.name ?? 'your organisation';
    return (
      <DashboardPage title="Account">
        <Text>
          You sign in with {provider}. Your password and two-factor sign-in are managed there, not in this
          portal.
        </Text>
      </DashboardPage>
    );
  }
  return (
    <DashboardPage title="Account">
      <TwoFactorCard enabled={!!session?.user.twoFactorEnabled} />
      <ChangePasswordForm />
    </DashboardPage>
  );
}
