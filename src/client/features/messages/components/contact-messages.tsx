import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '#client/lib/format-date-time.ts';
import type { ContactMessage } from '../api/messages-query.ts';

export function ContactMessages({ items }: { items: ContactMessage[] }) {
  if (items.length === 0) return <Text role="status">No contact messages yet.</Text>;
  return (
    <Stack component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((m) => (
        <Card key={m.id} component="li" withBorder padding="md">
          <Group justify="space-between" gap="xs">
            <Text fw={700}>
              {m.name}{' '}
              <Anchor href={`mailto:${m.email}`} fw={400} underline="always">
                {m.email}
              </Anchor>
            </Text>
            <Text size="sm">{formatDateTime(m.createdAt)}</Text>
          </Group>
          <Text mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.message}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
