import { Accordion } from '@mantine/core';
import { Page } from '#client/components/page/page.tsx';
import { loadContent, useContent } from '#client/features/content/api/content-query.ts';

export const loader = loadContent('faq');

export function Component() {
  const page = useContent('faq');
  return (
    <Page title={page.title} lead={page.lead}>
      <Accordion variant="separated" multiple>
        {page.items.map((item) => (
          <Accordion.Item key={item.question} value={item.question}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>{item.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Page>
  );
}
