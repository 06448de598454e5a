import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Stack, Text, Title } from '@mantine/core';
import { HomeBreadcrumb } from '#client/components/page/home-breadcrumb.tsx';
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
        <HomeBreadcrumb current={<Trans>Check a credential file</Trans>} />
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
