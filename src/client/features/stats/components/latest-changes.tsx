import { Card, List, Text, Title } from '@mantine/core';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import type { LatestChange } from '#shared/api/stats.ts';
import { describeChange } from '../api/describe-change.ts';

export function LatestChanges({ changes }: { changes: LatestChange[] }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="latest-changes-title">
      <Title order={2} size="h3" id="latest-changes-title" mb="md">
        Latest changes
      </Title>
      {changes.length === 0 ? (
        <Text>No changes yet.</Text>
      ) : (
        <List spacing="sm" listStyleType="none" p={0}>
          {changes.map((change) => (
            <List.Item key={`${change.at}-${change.entityId}-${change.action}`}>
              <Text size="sm" fw={600} component="span">
                {formatDateTime(change.at)}
              </Text>{' '}
              <Text size="sm" component="span">
                {describeChange(change)}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
