import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '#client/components/page/page.tsx';
import { loadContent, useContent } from '#client/features/content/api/content-query.ts';

export const loader = loadContent('not-found');

export function Component() {
  const page = useContent('not-found');
  return (
    <Page title={page.title} lead={page.lead}>
      <Button component={Link} to="/">
        <Trans>Go to the home page</Trans>
      </Button>
    </Page>
  );
}
