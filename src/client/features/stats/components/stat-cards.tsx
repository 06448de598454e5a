import { Card, SimpleGrid, Text } from '@mantine/core';
import type { StatsResponse } from '#shared/api/stats.ts';

export function StatCards({ stats }: { stats: StatsResponse }) {
  const cards = [
    ['People', stats.people],
    ['Valid', stats.valid],
    ['Expiring within 90 days', stats.expiringSoon],
    ['Expired', stats.expired],
    ['Not passed', stats.notPassed],
    ['Revoked', stats.revoked],
    ['Renewals', stats.renewals],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 7 }} component="dl" m={0}>
      {cards.map(([label, value]) => (
        <Card key={label} withBorder padding="lg">
          <Text component="dt" size="sm" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} fz={32} fw={700} lh={1.2}>
            {value.toLocaleString('en')}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
