import { defaultLanguage, isLanguage, type Language, pathIn } from '#shared/i18n/languages.ts';

/** The language of the page in the browser: the server wrote it into `<html lang>`. */
export function pageLanguage(): Language {
  const language = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(language) ? language : defaultLanguage;
}

/** A path of the site in the page's language, for a plain link or an assignment outside the router. */
export const pageHref = (path: string) => pathIn(pageLanguage(), path);
