import { Anchor, Burger, Group, Image } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { maybeSignedIn, rememberSignedIn } from '#client/features/auth/api/signed-in-hint.ts';
import { useSite } from '#client/features/site/api/site-query.ts';
import { topBarLinks } from './nav-links.ts';

const AccountLink = lazy(() => import('#client/features/auth/components/account-link.tsx'));

interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/**
 * Asked after the page has rendered (server and browser agree on the page without it), and only
 * in a browser that has signed in before.
 */
function useMaybeSignedIn() {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(maybeSignedIn()), []);
  return signedIn;
}

const forgetSignedIn = () => rememberSignedIn(false);

export function TopBar({ menuOpen, onToggleMenu }: TopBarProps) {
  const site = useSite();
  const signedIn = useMaybeSignedIn();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label="Main">
      <Anchor component={Link} to="/" aria-label={`${site.portalName} home`}>
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
                {link.label}
              </Anchor>
            </li>
          ))}
        </Group>
        {signedIn && (
          <Suspense fallback={null}>
            <AccountLink onSignedOut={forgetSignedIn} />
          </Suspense>
        )}
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
    </Group>
  );
}
