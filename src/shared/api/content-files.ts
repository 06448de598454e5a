import type { z } from 'zod';
import { defaultLanguage, type Language } from '../i18n/languages.ts';
import { type ContentName, contentNames, contentSchemas } from './content.ts';
import { siteConfig, siteTranslation } from './site.ts';

/** A file of `content/` by its name without `.json`: the brand (`site`) or a page. */
export type ContentFileName = 'site' | ContentName;
export const contentFileNames: ContentFileName[] = ['site', ...contentNames];

/**
 * Every page's content in every language, shaped as the `content/` files are: English holds every
 * file; a translation holds the pages it translates and, in `site`, the brand texts it changes.
 */
export type ContentFiles = Record<Language, Partial<Record<ContentFileName, unknown>>>;

/**
 * The one rule for what a file may hold, whether it comes from `content/` or from the dashboard:
 * the page's schema, and for a translated brand only the texts a translation may change.
 */
export function contentFileSchema(language: Language, name: ContentFileName): z.ZodType {
  if (name === 'site') return language === defaultLanguage ? siteConfig : siteTranslation;
  return contentSchemas[name];
}

export const isContentFileName = (value: string): value is ContentFileName =>
  (contentFileNames as string[]).includes(value);
