import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** "Home > this page", for a page one step below the home page; `current` is the page's own name. */
export function HomeBreadcrumb({ current }: { current: ReactNode }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumb`}>
      <Breadcrumbs separator=">">
        <Anchor component={Link} to="/">
          <Trans>Home</Trans>
        </Anchor>
        <Text span aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
