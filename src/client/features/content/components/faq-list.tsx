import { Accordion } from '@mantine/core';
import type { Content } from '#shared/api/content.ts';

/** The questions, each opening its answer; several may be open at once. */
export function FaqList({ items }: { items: Content<'faq'>['items'] }) {
  return (
    <Accordion variant="separated" multiple>
      {items.map((item) => (
        <Accordion.Item key={item.question} value={item.question}>
          <Accordion.Control>{item.question}</Accordion.Control>
          <Accordion.Panel>{item.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
