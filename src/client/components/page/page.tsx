import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSite } from '#client/lib/site-query.ts';

interface PageProps {
  title: string;
  lead?: string;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/** A public page: the document title, one h1, an optional lead paragraph, then the content. */
export function Page({ title, lead, children, size = 'md' }: PageProps) {
  const site = useSite();
  return (
    <Container size={size} py="xl">
      <title>{`${title} | ${site.portalName}`}</title>
      <Title order={1} mb="sm">
        {title}
      </Title>
      {lead && (
        <Text size="lg" c="dimmed" mb="xl">
          {lead}
        </Text>
      )}
      {children}
    </Container>
  );
}
