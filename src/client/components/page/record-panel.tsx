import { Card, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled section below a record, left off the printed page (its buttons mean nothing on paper). */
export function RecordPanel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card withBorder padding="lg" className="no-print" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
