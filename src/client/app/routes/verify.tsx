import { Anchor, Breadcrumbs, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { loadContent, useContent } from '#client/features/content/api/content-query.ts';
import { useSite } from '#client/features/site/api/site-query.ts';
import { Island } from '#client/islands/island.tsx';

export const loader = loadContent('verify');

export function Component() {
  const site = useSite();
  const page = useContent('verify');
  return (
    <Container size="md" py="xl">
      <title>{`Check e-Cert Validity | ${site.portalName}`}</title>
      <Stack gap="lg">
        <nav aria-label="Breadcrumb">
          <Breadcrumbs separator=">">
            <Anchor component={Link} to="/">
              Home
            </Anchor>
            <Text span aria-current="page">
              Verify e-Cert
            </Text>
          </Breadcrumbs>
        </nav>
        <Title order={1}>Check e-Cert Validity</Title>
        <Text>This service verifies certificates issued by {site.issuerName} and converted to e-Certs.</Text>
        <Island
          name="verify-form"
          props={{
            waitSeconds: site.verification.waitSeconds,
            interstitialUrl: site.verification.interstitialUrl,
          }}
        />
        <Island name="image-carousel" props={{ slides: page.carousel }} />
      </Stack>
    </Container>
  );
}
