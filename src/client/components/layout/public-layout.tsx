import { Progress, RemoveScroll } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { HydrateLast, HydrateLater } from '#client/components/page/hydrate-later.tsx';
import { FeedbackButton } from '#client/features/feedback/components/feedback-button.tsx';
import { useOpenedOnce } from '#client/lib/use-opened-once.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The frame of public pages: a fixed top bar over the page. Plain elements (global.css) rather
 * than Mantine's AppShell: AppShell and its Header set state as they mount, and the new context
 * value made React take over the whole page again in one task as soon as it had taken it over.
 */
export function PublicLayout() {
  const [menuOpen, menu] = useDisclosure(false);
  const menuDialog = useOpenedOnce(menuOpen);
  const navigation = useNavigation();

  return (
    <div className="public-shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {navigation.state === 'loading' && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 300 }}
          aria-label="Loading page"
        />
      )}
      {/* Its right edge stays put when a dialog locks the page's scrolling and hides the scroll bar. */}
      <header className={`public-header no-print ${RemoveScroll.classNames.zeroRight}`}>
        <TopBar menuOpen={menuOpen} onToggleMenu={menu.toggle} />
      </header>
      {menuDialog.rendered && <MobileMenu opened={menuDialog.opened} onClose={menu.close} />}
      {/* The footer sits outside <main> so that it is the page's contentinfo landmark. */}
      <div className="public-page">
        <HydrateLater>
          <main id="main" tabIndex={-1} className="public-main">
            <Outlet />
          </main>
        </HydrateLater>
        <HydrateLast>
          <SiteFooter />
        </HydrateLast>
      </div>
      <HydrateLast>
        <FeedbackButton />
      </HydrateLast>
      <ScrollRestoration />
    </div>
  );
}
