import { Page } from '#client/components/page/page.tsx';
import { loadContent, useContent } from '#client/features/content/api/content-query.ts';
import { Island } from '#client/islands/island.tsx';

export const loader = loadContent('faq');

export function Component() {
  const page = useContent('faq');
  return (
    <Page title={page.title} lead={page.lead}>
      <Island name="faq-list" props={{ items: page.items }} />
    </Page>
  );
}
