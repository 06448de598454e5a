import { Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { loadContent, useContent } from '#client/features/content/api/content-query.ts';

export const loader = loadContent('e-services');

export function Component() {
  const page = useContent('e-services');
  return (
    <Page title={page.title} lead={page.lead} size="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {page.services.map((service) => (
          <Card key={service.href} component="li" withBorder padding="lg">
            <Title order={2} size="h4" mb="xs">
              {service.title}
            </Title>
            <Text mb="md">{service.description}</Text>
            <Button component={Link} to={service.href} variant="light" mt="auto" w="fit-content">
              {service.linkLabel}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    </Page>
  );
}
