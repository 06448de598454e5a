import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { loadContent, useContent } from '#client/features/content/api/content-query.ts';

type CardsName = 'courses' | 'careers';

function CardsPage() {
  const page = useContent(useLoaderData<CardsName>());
  return (
    <Page title={page.title} lead={page.lead} size="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {page.cards.map((card) => (
          <Card key={card.id} id={card.id} component="li" withBorder shadow="xs" padding="lg">
            <Title order={2} size="h4" mb="xs">
              {card.title}
            </Title>
            <Text>{card.description}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Page>
  );
}

export const cardsRoute = (name: CardsName) => ({
  loader: async () => {
    await loadContent(name)();
    return name;
  },
  Component: CardsPage,
});
