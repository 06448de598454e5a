import { useLingui } from '@lingui/react/macro';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSite } from '#client/lib/site-query.ts';
import { FLOATING_BUTTON_CLEARANCE } from './layout-constants.ts';
import { footerLinks } from './nav-links.ts';

export function SiteFooter() {
  const site = useSite();
  const { t, i18n } = useLingui();
  return (
    <Box
      component="footer"
      bg="dark.8"
      c="gray.0"
      pt="xl"
      pb={FLOATING_BUTTON_CLEARANCE}
      mt="xl"
      className="no-print below-fold footer-fold"
    >
      <Container size="lg">
        <Text fw={600} mb="md">
          {site.tagline}
        </Text>
        <Group
          gap="md"
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t`Footer`}
        >
          {footerLinks.map((link) => (
            <li key={link.label.id}>
              <Anchor component={Link} to={link.to} c="gray.0" size="sm" underline="always">
                {i18n._(link.label)}
              </Anchor>
            </li>
          ))}
        </Group>
        {/* A page the server rendered keeps the server's year where the reader's clock differs. */}
        <Text size="sm" mt="lg" suppressHydrationWarning>
          © {new Date().getFullYear()} {site.issuerName}
        </Text>
      </Container>
    </Box>
  );
}
