import { Anchor, Breadcrumbs, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSite } from '#client/features/site/api/site-query.ts';
import { Island } from '#client/islands/island.tsx';

export function Component() {
  const site = useSite();
  return (
    <Container size="md" py="xl">
      <title>{`Check a Credential File | ${site.portalName}`}</title>
      <Stack gap="lg">
        <nav aria-label="Breadcrumb">
          <Breadcrumbs separator=">">
            <Anchor component={Link} to="/">
              Home
            </Anchor>
            <Text span aria-current="page">
              Check a credential file
            </Text>
          </Breadcrumbs>
        </nav>
        <Title order={1}>Check a Credential File</Title>
        <Text>
          e-Certs from {site.issuerName} can be downloaded as signed credentials (W3C Verifiable Credentials
          2.0, Open Badges 3.0). This page checks such a file: its format, its signature, its issuer, whether
          it was revoked, and its validity dates.
        </Text>
        <Island name="credential-checker" props={{ issuerName: site.issuerName }} />
      </Stack>
    </Container>
  );
}
