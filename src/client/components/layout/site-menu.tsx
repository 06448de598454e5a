import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { maybeSignedIn, rememberSignedIn } from '#client/features/auth/api/signed-in-hint.ts';

const AccountLink = lazy(() => import('#client/features/auth/components/account-link.tsx'));
const MobileMenu = lazy(() => import('./mobile-menu.tsx'));

/**
 * Asked after the first render (server and browser agree on the top bar without it), and only in
 * a browser that has signed in before.
 */
function useMaybeSignedIn() {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(maybeSignedIn()), []);
  return signedIn;
}

const forgetSignedIn = () => rememberSignedIn(false);

/**
 * The top bar's responsive end: a signed-in user's way back to the dashboard, and on small
 * screens the burger that opens the menu, whose code is fetched when it first opens.
 */
export function SiteMenu({ popularSearches }: { popularSearches: string[] }) {
  const signedIn = useMaybeSignedIn();
  const [menuOpen, menu] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const openMenu = () => {
    setMenuWanted(true);
    menu.open();
  };
  return (
    <>
      {signedIn && (
        <Suspense fallback={null}>
          <AccountLink onSignedOut={forgetSignedIn} />
        </Suspense>
      )}
      {/* Only opens: the open menu covers it, and closes with its own button. */}
      <Burger
        opened={false}
        onClick={openMenu}
        hiddenFrom="md"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls="mobile-menu"
      />
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpen} onClose={menu.close} popularSearches={popularSearches} />
        </Suspense>
      )}
    </>
  );
}
