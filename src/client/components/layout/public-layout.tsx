import { Trans, useLingui } from '@lingui/react/macro';
import { RemoveScroll } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Island } from '#client/islands/island.tsx';
import { LoadingBar } from './loading-bar.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The frame of public pages: a fixed top bar over the page. The server renders it; only the menu
 * and the feedback button respond, as islands. `translated` is false for pages that exist in
 * English only, which then offer no other language.
 */
export function PublicLayout({ translated = true }: { translated?: boolean }) {
  const navigation = useNavigation();
  const { t } = useLingui();

  return (
    <div className="public-shell">
      <a className="skip-link" href="#main">
        <Trans>Skip to main content</Trans>
      </a>
      {navigation.state === 'loading' && <LoadingBar label={t`Loading page`} zIndex={300} />}
      {/* Its right edge stays put when a dialog locks the page's scrolling and hides the scroll bar. */}
      <header className={`public-header no-print ${RemoveScroll.classNames.zeroRight}`}>
        <TopBar translated={translated} />
      </header>
      {/* The footer sits outside <main> so that it is the page's contentinfo landmark. */}
      <div className="public-page">
        <main id="main" tabIndex={-1} className="public-main">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      <Island name="feedback-button" props={{}} />
      <ScrollRestoration />
    </div>
  );
}
