import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { pageLanguage } from '#client/lib/page-language.ts';

type PageTexts = (props: { children: ReactNode }) => ReactNode;
let loading: Promise<PageTexts> | undefined;

/**
 * What gives a root of a public page its texts in the page's language. Each language's catalog is
 * a chunk of its own, fetched once, with the first island that hydrates: the server's HTML already
 * shows the texts, so the first paint waits for none.
 */
export function loadPageTexts(): Promise<PageTexts> {
  loading ??= (async () => {
    const language = pageLanguage();
    const { messages } = await import(`../../locales/${language}.ts`);
    const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    return ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
  })();
  return loading;
}
