import { Card, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import type { FeedbackEntry } from '../api/messages-query.ts';

export function FeedbackList({ items }: { items: FeedbackEntry[] }) {
  if (items.length === 0) return <Text role="status">No feedback yet.</Text>;
  return (
    <Stack component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((f) => (
        <Card key={f.id} component="li" withBorder padding="md">
          <Group justify="space-between" gap="xs">
            <Text fw={700}>Rating: {f.rating} of 5</Text>
            <Text size="sm">{formatDateTime(f.createdAt)}</Text>
          </Group>
          {f.page && <Text size="sm">Page: {f.page}</Text>}
          <Text mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {f.comment || 'No comment.'}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
