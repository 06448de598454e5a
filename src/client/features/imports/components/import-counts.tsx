import { Card, SimpleGrid, Text } from '@mantine/core';
import type { ImportView } from '#shared/api/imports.ts';

/**
 * What the check found, as labelled numbers that add up: each row is valid (and new), a duplicate
 * or invalid, so Valid is what "skip" commits.
 */
export function ImportCounts({ view }: { view: ImportView }) {
  const counts = [
    ['Rows', view.rows],
    ['Valid', view.valid - view.duplicates],
    ['Invalid', view.invalid],
    ['Duplicates', view.duplicates],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} component="dl" m={0} maw={760}>
      {counts.map(([label, value]) => (
        <Card key={label} withBorder padding="md">
          <Text component="dt" size="sm" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} fz={28} fw={700} lh={1.2}>
            {value.toLocaleString('en')}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
