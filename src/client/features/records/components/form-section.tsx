import { Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="md">
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
