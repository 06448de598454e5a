import { Stack, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { loadContent, useContent } from '#client/features/content/api/content-query.ts';

type ArticleName = 'about' | 'privacy' | 'terms' | 'security' | 'supported-browsers';

function Article() {
  const page = useContent(useLoaderData<ArticleName>());
  return (
    <Page title={page.title} lead={page.lead}>
      <Stack gap="lg">
        {page.sections.map((section) => (
          <section key={section.heading}>
            <Title order={2} size="h3" mb="xs">
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} mb="sm">
                {paragraph}
              </Text>
            ))}
          </section>
        ))}
      </Stack>
    </Page>
  );
}

/** One component serves every prose page; the loader tells it which content to show. */
export const articleRoute = (name: ArticleName) => ({
  loader: async () => {
    await loadContent(name)();
    return name;
  },
  Component: Article,
});
