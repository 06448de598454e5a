import type { Language } from '../i18n/languages.ts';
import type { Content, ContentName } from './content.ts';
import type { SiteConfig } from './site.ts';

export type SiteContent = { [N in ContentName]: Content<N> };

/** The brand and the pages in one language. */
export interface ContentInLanguage {
  site: SiteConfig;
  pages: SiteContent;
}

/** The brand and pages in every language, ready to serve. */
export interface ResolvedContent extends ContentInLanguage {
  inLanguage: (language: Language) => ContentInLanguage;
}
