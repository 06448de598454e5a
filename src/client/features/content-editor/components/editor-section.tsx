import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of the Pages and brand page: a region named by its heading. */
export function EditorSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}
