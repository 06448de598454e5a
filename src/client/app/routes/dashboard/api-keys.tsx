import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { apiKeysQuery } from '#client/features/api-keys/api/api-keys-api.ts';
import { ApiKeysTable } from '#client/features/api-keys/components/api-keys-table.tsx';
import { NewApiKeyForm } from '#client/features/api-keys/components/new-api-key-form.tsx';
import { sessionQuery } from '#client/features/auth/api/session-query.ts';
import { queryClient } from '#client/lib/query-client.ts';

// Administrators only; the server refuses everyone else as well.
export async function loader() {
  const session = await queryClient.fetchQuery(sessionQuery());
  if (!session) return null; // the layout sends signed-out visitors to the login page
  if (session.user.role !== 'admin') throw redirect('/dashboard');
  return queryClient.ensureQueryData(apiKeysQuery());
}

export function Component() {
  const { data: keys } = useSuspenseQuery(apiKeysQuery());
  return (
    <DashboardPage title="API keys">
      <Text>
        Keys let the issuer’s own systems read or change records through the API (see /api/docs). They never
        open users, keys or settings.
      </Text>
      <ApiKeysTable keys={keys} />
      <NewApiKeyForm />
    </DashboardPage>
  );
}
