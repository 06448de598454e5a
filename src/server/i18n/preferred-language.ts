import { defaultLanguage, isLanguage, LANGUAGE_COOKIE, type Language } from '#shared/i18n/languages.ts';

/** A browser's language tag as one of ours: `zh-CN` and `zh-SG` are Simplified Chinese, `zh-TW` is not. */
function ourLanguage(tag: string): Language | undefined {
  try {
    const locale = new Intl.Locale(tag).maximize();
    if (locale.language === 'zh') return locale.script === 'Hans' ? 'zh-Hans' : undefined;
    return isLanguage(locale.language) ? locale.language : undefined;
  } catch {
    return undefined; // not a language tag
  }
}

/** The languages of an Accept-Language header, most wanted first (RFC 9110 weights). */
function acceptedLanguages(header: string): Language[] {
  const weighted = header.split(',').map((part) => {
    const [tag = '', ...parameters] = part.trim().split(';');
    const weight = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return { language: ourLanguage(tag.trim()), weight: weight === undefined ? 1 : Number(weight) };
  });
  return weighted
    .filter((w) => w.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .flatMap((w) => (w.language ? [w.language] : []));
}

/**
 * The language a visitor's bare `/` leads to: the one they chose on this site, else the first of
 * their browser's languages that the site speaks, else English.
 */
export function preferredLanguage(headers: { cookie?: string; 'accept-language'?: string }): Language {
  const chosen = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(headers.cookie ?? '')?.[1];
  if (isLanguage(chosen)) return chosen;
  return acceptedLanguages(headers['accept-language'] ?? '')[0] ?? defaultLanguage;
}
