import { Anchor, Button, Drawer, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { searchHref } from '#client/features/search/search-href.ts';
import { useSite } from '#client/features/site/api/site-query.ts';
import { mobileMenuLinks } from './nav-links.ts';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
}

/** The small-screen menu: Drawer locks page scrolling and closes on Escape or its close button. */
export function MobileMenu({ opened, onClose }: MobileMenuProps) {
  const site = useSite();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    onClose();
    navigate(searchHref(query));
  };

  return (
    <Drawer
      id="mobile-menu"
      opened={opened}
      onClose={onClose}
      position="top"
      size="100%"
      title="Menu"
      lockScroll
      closeOnEscape
      // Full screen, over the top bar and its burger: the drawer's own button is the one way to close.
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack gap="lg" component="nav" aria-label="Mobile">
        <Stack gap="sm">
          {mobileMenuLinks.map((link) => (
            <Anchor
              key={link.label}
              component={Link}
              to={link.to}
              onClick={onClose}
              fw={600}
              size="lg"
              c="dark.8"
            >
              {link.label}
            </Anchor>
          ))}
        </Stack>
        <search>
          <form onSubmit={submit}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                flex={1}
                label="Search this site"
                placeholder={'Include " " for better search results'}
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
                name="q"
              />
              <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
                Search
              </Button>
            </Group>
          </form>
        </search>
        <div>
          <Title order={2} size="h5" mb="xs">
            Popular Searches
          </Title>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {site.popularSearches.map((term) => (
              <li key={term}>
                <Anchor component={Link} to={searchHref(term)} onClick={onClose}>
                  <Text span>{term}</Text>
                </Anchor>
              </li>
            ))}
          </Stack>
        </div>
      </Stack>
    </Drawer>
  );
}
