import { useLingui } from '@lingui/react/macro';
import { Anchor, Box, Group, Image } from '@mantine/core';
import { Link, NavLink, useLocation } from 'react-router';
import { Island } from '#client/islands/island.tsx';
import { pageLanguage } from '#client/lib/page-language.ts';
import { useSite } from '#client/lib/site-query.ts';
import { topBarLinks } from './nav-links.ts';

export function TopBar({ translated }: { translated: boolean }) {
  const site = useSite();
  const { t, i18n } = useLingui();
  const portal = site.portalName;
  const { pathname, search } = useLocation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label={t`Main`}>
      <Anchor component={Link} to="/" aria-label={t`${portal} home`}>
        <Image src={site.logo.src} alt={site.logo.alt} h={40} w="auto" />
      </Anchor>
      <Group gap="sm" wrap="nowrap">
        <Group
          gap="lg"
          visibleFrom="md"
          component="ul"
          style={{ listStyle: 'none', margin: 0, marginInlineEnd: 'var(--mantine-spacing-sm)', padding: 0 }}
        >
          {topBarLinks.map((link) => (
            <li key={link.to}>
              <Anchor component={NavLink} to={link.to} fw={600} c="dark.8">
                {i18n._(link.label)}
              </Anchor>
            </li>
          ))}
        </Group>
        {translated && (
          <Box visibleFrom="md">
            <Island
              name="language-switcher"
              props={{ current: pageLanguage(), page: `${pathname}${search}` }}
            />
          </Box>
        )}
        <Island name="signed-in-link" props={{}} />
        <Island
          name="site-menu"
          props={{ popularSearches: site.popularSearches, languageLinks: translated }}
        />
      </Group>
    </Group>
  );
}
