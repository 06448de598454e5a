import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Drawer, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { rememberChosenLanguage } from '#client/lib/i18n/remember-language.ts';
import { pageHref, pageLanguage } from '#client/lib/page-language.ts';
import { searchHref } from '#client/lib/search-href.ts';
import { useOpenedOnce } from '#client/lib/use-opened-once.ts';
import { languageNames, languages, pathIn, withoutLanguage } from '#shared/i18n/languages.ts';
import { mobileMenuLinks } from './nav-links.ts';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  popularSearches: string[];
  languageLinks: boolean;
}

/** This page in every language; the one chosen is remembered for the visitor's next `/`. */
function LanguageLinks() {
  const page = `${withoutLanguage(window.location.pathname)}${window.location.search}`;
  const current = pageLanguage();
  const heading = useId();
  return (
    <div>
      <Title order={2} size="h5" mb="xs" id={heading}>
        <Trans>Language</Trans>
      </Title>
      <Group
        gap="md"
        component="ul"
        aria-labelledby={heading}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {languages.map((language) => (
          <li key={language}>
            <Anchor
              href={pathIn(language, page)}
              hrefLang={language}
              lang={language}
              data-language={language}
              aria-current={language === current ? 'true' : undefined}
              onClick={(event) => rememberChosenLanguage(event.nativeEvent)}
            >
              {languageNames[language]}
            </Anchor>
          </li>
        ))}
      </Group>
    </div>
  );
}

/**
 * The small-screen menu: Drawer locks page scrolling and closes on Escape or its close button.
 * Its links are ordinary links: each leads to a page the server renders.
 */
export default function MobileMenu({ opened, onClose, popularSearches, languageLinks }: MobileMenuProps) {
  // Fetched on the first click, it still mounts closed and then opens, to return focus on close.
  const dialog = useOpenedOnce(opened);
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const popularHeading = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    onClose();
    window.location.assign(searchHref(query));
  };

  return (
    <Drawer
      id="mobile-menu"
      opened={dialog.opened}
      onClose={onClose}
      position="top"
      size="100%"
      title={t`Menu`}
      lockScroll
      closeOnEscape
      // Full screen, over the top bar and its burger: the drawer's own button is the one way to close.
      closeButtonProps={{ 'aria-label': t`Close menu` }}
    >
      <Stack gap="lg" component="nav" aria-label={t`Mobile`}>
        <Stack gap="sm">
          {mobileMenuLinks.map((link) => (
            <Anchor key={link.to} href={pageHref(link.to)} fw={600} size="lg" c="dark.8">
              {i18n._(link.label)}
            </Anchor>
          ))}
        </Stack>
        <search>
          <form onSubmit={submit}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                flex={1}
                label={t`Search this site`}
                placeholder={t`Include " " for better search results`}
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
                name="q"
              />
              <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
                <Trans>Search</Trans>
              </Button>
            </Group>
          </form>
        </search>
        {languageLinks && <LanguageLinks />}
        <div>
          <Title order={2} size="h5" mb="xs" id={popularHeading}>
            <Trans>Popular Searches</Trans>
          </Title>
          <Stack
            gap={4}
            component="ul"
            aria-labelledby={popularHeading}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {popularSearches.map((term) => (
              <li key={term}>
                <Anchor href={searchHref(term)}>
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
