import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSite } from '#client/lib/site-query.ts';

interface DashboardPageProps {
  /** The document title; defaults to the heading when that is plain text. */
  title: string;
  heading?: ReactNode;
  children?: ReactNode;
}

/** A staff page: the document title, one h1, then the content. */
export function DashboardPage({ title, heading = title, children }: DashboardPageProps) {
  const site = useSite();
  return (
    <Stack gap="lg" maw={1400}>
      <title>{`${title} | ${site.portalName}`}</title>
      <Title order={1}>{heading}</Title>
      {children}
    </Stack>
  );
}
