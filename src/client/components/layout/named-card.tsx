import { Card, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A card that is an article named by its heading (a record's name, broken anywhere it must be). */
export function NamedCard({
  name,
  gap = 'md',
  children,
}: {
  name: string;
  gap?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card withBorder component="article" aria-labelledby={headingId} padding="lg">
      <Stack gap={gap} h="100%">
        <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
