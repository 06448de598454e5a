import '@mantine/charts/styles.css';
import { SimpleGrid } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { DashboardPage } from '#client/components/page/dashboard-page.tsx';
import { staffLoader } from '#client/features/auth/api/staff-loader.ts';
import { statsQuery } from '#client/features/stats/api/stats-query.ts';
import { CertificatesChart } from '#client/features/stats/components/certificates-chart.tsx';
import { LatestChanges } from '#client/features/stats/components/latest-changes.tsx';
import { StatCards } from '#client/features/stats/components/stat-cards.tsx';
import { queryClient } from '#client/lib/query-client.ts';

export const loader = staffLoader(() => queryClient.ensureQueryData(statsQuery()));

export function Component() {
  const { data } = useSuspenseQuery(statsQuery());
  return (
    <DashboardPage title="Dashboard">
      <StatCards stats={data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <CertificatesChart byMonth={data.byMonth} />
        <LatestChanges changes={data.latestChanges} />
      </SimpleGrid>
    </DashboardPage>
  );
}
