import { useLingui } from '@lingui/react/macro';
import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Page } from '#client/components/page/page.tsx';
import { loadContent, useContent } from '#client/features/content/api/content-query.ts';

export const loader = loadContent('resources');

export function Component() {
  const page = useContent('resources');
  const { t } = useLingui();
  return (
    <Page title={page.title} lead={page.lead} size="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {page.links.map((link) => (
          <Card key={link.url} component="li" withBorder padding="lg">
            <Anchor href={link.url} target="_blank" rel="noopener noreferrer" fw={700} size="lg">
              {link.title} <IconExternalLink size={16} aria-label={t`(opens in a new tab)`} />
            </Anchor>
            <Text mt="xs">{link.description}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Page>
  );
}
