import { Anchor, Burger, Group, Image } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import { useSite } from '#client/features/site/api/site-query.ts';
import { topBarLinks } from './nav-links.ts';

interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export function TopBar({ menuOpen, onToggleMenu }: TopBarProps) {
  const site = useSite();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label="Main">
      <Anchor component={Link} to="/" aria-label={`${site.portalName} home`}>
        <Image src={site.logo.src} alt={site.logo.alt} h={40} w="auto" />
      </Anchor>
      <Group gap="lg" visibleFrom="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {topBarLinks.map((link) => (
          <li key={link.to}>
            <Anchor component={NavLink} to={link.to} fw={600} c="dark.8">
              {link.label}
            </Anchor>
          </li>
        ))}
      </Group>
      {/* Only opens: the open menu covers it, and closes with its own button. */}
      <Burger
        opened={false}
        onClick={onToggleMenu}
        hiddenFrom="md"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls="mobile-menu"
      />
    </Group>
  );
}
