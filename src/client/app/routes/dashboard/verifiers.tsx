import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { verifiersQuery } from '#client/features/verifiers/api/verifiers-api.ts';
import { NoMatchAlert } from '#client/features/verifiers/components/no-match-alert.tsx';
import { VerifiersTable } from '#client/features/verifiers/components/verifiers-table.tsx';
import { queryClient } from '#client/lib/query-client.ts';

export const loader = () => queryClient.ensureQueryData(verifiersQuery());

export function Component() {
  const { data: verifiers } = useSuspenseQuery(verifiersQuery());
  return (
    <DashboardPage title="Verifiers">
      <Text>
        Organisations that check e-Certs in bulk. Approve an application to get a set-up link for its contact
        person; a suspended verifier cannot sign in until reinstated.
      </Text>
      <NoMatchAlert verifiers={verifiers} />
      <VerifiersTable verifiers={verifiers} />
    </DashboardPage>
  );
}
