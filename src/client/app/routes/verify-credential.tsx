import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Breadcrumbs, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Island } from '#client/islands/island.tsx';
import { useSite } from '#client/lib/site-query.ts';

export function Component() {
  const site = useSite();
  const { t } = useLingui();
  const { portalName, issuerName } = site;
  return (
    <Container size="md" py="xl">
      <title>{t`Check a Credential File | ${portalName}`}</title>
      <Stack gap="lg">
        <nav aria-label={t`Breadcrumb`}>
          <Breadcrumbs separator=">">
            <Anchor component={Link} to="/">
              <Trans>Home</Trans>
            </Anchor>
            <Text span aria-current="page">
              <Trans>Check a credential file</Trans>
            </Text>
          </Breadcrumbs>
        </nav>
        <Title order={1}>
          <Trans>Check a Credential File</Trans>
        </Title>
        <Text>
          <Trans>
            e-Certs from {issuerName} can be downloaded as signed credentials (W3C Verifiable Credentials 2.0,
            Open Badges 3.0). This page checks such a file: its format, its signature, its issuer, whether it
            was revoked, and its validity dates.
          </Trans>
        </Text>
        <Island name="credential-checker" props={{ issuerName: site.issuerName }} />
      </Stack>
    </Container>
  );
}
