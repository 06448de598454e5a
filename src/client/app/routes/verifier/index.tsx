import { Card, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { TwoFactorCard } from '#client/features/account/components/two-factor-card.tsx';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import { verifierAccountQuery } from '#client/features/verifiers/api/verifiers-api.ts';
import { ListCheckForm } from '#client/features/verifiers/components/list-check-form.tsx';
import { VerifierKeysCard } from '#client/features/verifiers/components/verifier-keys-card.tsx';
import { queryClient } from '#client/lib/query-client.ts';

export async function loader() {
  const session = await queryClient.fetchQuery(sessionQuery());
  if (!session) return null; // the layout sends signed-out visitors to the login page
  return queryClient.ensureQueryData(verifierAccountQuery(session.user.id));
}

export function Component() {
  const { data: session } = useSuspenseQuery(sessionQuery());
  const { data: account } = useSuspenseQuery(verifierAccountQuery(session?.user.id ?? ''));
  const secured = !!session?.user.twoFactorEnabled;
  return (
    <DashboardPage title={account.companyName}>
      <Card withBorder padding="lg" component="section" aria-labelledby="quota-title">
        <Title order={2} size="h3" id="quota-title" mb="xs">
          Today's checks
        </Title>
        <Text>
          {account.usedToday} of {account.dailyQuota} rows checked today (UTC). A row with no match counts
          twice.
        </Text>
      </Card>
      {secured ? (
        <>
          <ListCheckForm />
          <VerifierKeysCard />
        </>
      ) : (
        <Stack>
          <Text>
            Turn on two-factor sign-in before you check e-Certs: it keeps the checks made in your name yours.
          </Text>
          <TwoFactorCard enabled={false} />
        </Stack>
      )}
    </DashboardPage>
  );
}
