import { Page } from '#client/components/page/page.tsx';
import { ContactForm } from '#client/features/contact/components/contact-form.tsx';
import { loadContent, useContent } from '#client/features/content/api/content-query.ts';

export const loader = loadContent('contact');

export function Component() {
  const page = useContent('contact');
  return (
    <Page title={page.title} lead={page.lead}>
      <ContactForm />
    </Page>
  );
}
