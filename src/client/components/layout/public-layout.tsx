import { AppShell, Progress } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { FeedbackButton } from '#client/features/feedback/components/feedback-button.tsx';
import { useOpenedOnce } from '#client/lib/use-opened-once.ts';
import { TOP_BAR_HEIGHT } from './layout-constants.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

export function PublicLayout() {
  const [menuOpen, menu] = useDisclosure(false);
  const menuDialog = useOpenedOnce(menuOpen);
  const navigation = useNavigation();

  return (
    <AppShell header={{ height: TOP_BAR_HEIGHT }} padding={0}>
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
      <AppShell.Header className="no-print">
        <TopBar menuOpen={menuOpen} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      {menuDialog.rendered && <MobileMenu opened={menuDialog.opened} onClose={menu.close} />}
      {/* The footer sits outside <main> so that it is the page's contentinfo landmark. */}
      <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <AppShell.Main id="main" tabIndex={-1} style={{ flex: 1, minHeight: 0, outline: 'none' }}>
          <Outlet />
        </AppShell.Main>
        <SiteFooter />
      </div>
      <FeedbackButton />
      <ScrollRestoration />
    </AppShell>
  );
}
