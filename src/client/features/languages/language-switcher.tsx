import { useLingui } from '@lingui/react/macro';
import { IconLanguage } from '@tabler/icons-react';
import { type Language, languageNames, languages, pathIn } from '#shared/i18n/languages.ts';

interface LanguageSwitcherProps {
  /** The page's language. */
  current: Language;
  /** The page's path without its language prefix, and its query: the same page in each language. */
  page: string;
}

/**
 * The same page in every language, as ordinary links in a disclosure that works without script;
 * lib/i18n/remember-language.ts keeps the choice so that a later visit to `/` comes back in it.
 */
export function LanguageSwitcher({ current, page }: LanguageSwitcherProps) {
  const { t } = useLingui();
  const name = languageNames[current];
  return (
    <details className="language-switcher">
      <summary aria-label={t`Language: ${name}`}>
        <IconLanguage size={18} aria-hidden />
        <span lang={current}>{name}</span>
      </summary>
      <ul>
        {languages.map((language) => (
          <li key={language}>
            <a
              href={pathIn(language, page)}
              hrefLang={language}
              lang={language}
              aria-current={language === current ? 'true' : undefined}
              data-language={language}
            >
              {languageNames[language]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
