import { AppShell, Burger, Button, Divider, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { type ReactNode, useRef } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import { activeLink, dashboardLinks, editorLinks, staffLinks } from './dashboard-links.ts';
import { LoadingBar } from './loading-bar.tsx';

interface DashboardShellProps {
  userEmail: string;
  role: string;
  loggingOut: boolean;
  onLogout: () => void;
  children: ReactNode;
}

/** The staff layout: a "User Panel" sidebar that folds behind a burger on small screens. */
export function DashboardShell({ userEmail, role, loggingOut, onLogout, children }: DashboardShellProps) {
  const [opened, navbar] = useDisclosure(false);
  // Below the `sm` breakpoint (48em) a closed navbar only slides off-screen; inert keeps its links
  // out of the tab order and away from screen readers until the burger opens it.
  const narrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const active = activeLink(pathname);
  const links =
    role === 'editor'
      ? editorLinks
      : [...dashboardLinks, ...staffLinks.filter((link) => role === 'admin' || !link.admin)];
  const burgerRef = useRef<HTMLButtonElement>(null);
  // On phones the open sidebar covers the page: Escape closes it, like the public menu.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !narrow || !opened) return;
    navbar.close();
    burgerRef.current?.focus();
  });

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {navigation.state === 'loading' && <LoadingBar />}
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burgerRef}
              opened={opened}
              onClick={navbar.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls="dashboard-navbar"
            />
            <Text fw={700}>Staff dashboard</Text>
          </Group>
          <Text size="sm" truncate visibleFrom="xs">
            Signed in as {userEmail}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        id="dashboard-navbar"
        p="md"
        component="nav"
        aria-labelledby="user-panel-title"
        inert={narrow && !opened}
      >
        <Title order={2} size="h4" id="user-panel-title" mb="sm">
          User Panel
        </Title>
        <AppShell.Section grow component={ScrollArea}>
          {links.map((link, index) => (
            <div key={link.to}>
              {index === dashboardLinks.length && <Divider my="sm" />}
              <NavLink
                component={Link}
                to={link.to}
                label={link.label}
                active={active === link.to}
                // The light variant's hover shade fails contrast (4.0:1); filled passes.
                variant="filled"
                aria-current={active === link.to ? 'page' : undefined}
                onClick={navbar.close}
              />
            </div>
          ))}
        </AppShell.Section>
        <Button variant="outline" color="red.9" mt="md" onClick={onLogout} disabled={loggingOut}>
          {loggingOut ? 'Logging out...' : 'Logout'}
        </Button>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
