import { LANGUAGE_COOKIE } from '#shared/i18n/languages.ts';

/** A year: the choice lasts until the visitor makes another. */
const KEEP_SECONDS = 365 * 24 * 3600;

/** Keeps a language the visitor chose, read by the server when they next open `/`. */
function rememberLanguage(language: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${KEEP_SECONDS}; samesite=lax`;
}

/** Remembers the language of a switcher link as it is followed. */
export function rememberChosenLanguage(event: MouseEvent) {
  const link = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-language]') : null;
  if (link?.dataset.language) rememberLanguage(link.dataset.language);
}
