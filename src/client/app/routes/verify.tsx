import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Stack, Text, Title } from '@mantine/core';
import { HomeBreadcrumb } from '#client/components/page/home-breadcrumb.tsx';
import { loadContent, useContent } from '#client/features/content/api/content-query.ts';
import { Island } from '#client/islands/island.tsx';
import { useSite } from '#client/lib/site-query.ts';

export const loader = loadContent('verify');

export function Component() {
  const site = useSite();
  const page = useContent('verify');
  const { t } = useLingui();
  const { portalName, issuerName } = site;
  const count = page.carousel.length;
  // The carousel's script says which slide shows in these words: it loads no texts of its own.
  const slideLabels = page.carousel.map((_, index) => {
    const position = index + 1;
    return t`${position} of ${count}`;
  });
  return (
    <Container size="md" py="xl">
      <title>{t`Check e-Cert Validity | ${portalName}`}</title>
      <Stack gap="lg">
        <HomeBreadcrumb current={<Trans>Verify e-Cert</Trans>} />
        <Title order={1}>
          <Trans>Check e-Cert Validity</Trans>
        </Title>
        <Text>
          <Trans>This service verifies certificates issued by {issuerName} and converted to e-Certs.</Trans>
        </Text>
        <Island
          name="verify-form"
          props={{
            waitSeconds: site.verification.waitSeconds,
            interstitialUrl: site.verification.interstitialUrl,
          }}
        />
        <Island name="image-carousel" props={{ slides: page.carousel, slideLabels }} />
      </Stack>
    </Container>
  );
}
