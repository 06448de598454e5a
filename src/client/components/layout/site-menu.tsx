import { useLingui } from '@lingui/react/macro';
import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';

const MobileMenu = lazy(() => import('./mobile-menu.tsx'));

/** The burger of small screens, and the menu it opens, whose code is fetched when it first opens. */
export function SiteMenu({
  popularSearches,
  languageLinks,
}: {
  popularSearches: string[];
  /** Whether this page exists in the other languages, so that the menu offers them. */
  languageLinks: boolean;
}) {
  const { t } = useLingui();
  const [menuOpen, menu] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const openMenu = () => {
    setMenuWanted(true);
    menu.open();
  };
  return (
    <>
      {/* Only opens: the open menu covers it, and closes with its own button. */}
      <Burger
        opened={false}
        onClick={openMenu}
        hiddenFrom="md"
        aria-label={t`Open menu`}
        aria-expanded={menuOpen}
        aria-controls="mobile-menu"
      />
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={menuOpen}
            onClose={menu.close}
            popularSearches={popularSearches}
            languageLinks={languageLinks}
          />
        </Suspense>
      )}
    </>
  );
}
