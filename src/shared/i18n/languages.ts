/**
 * The languages of the public site. English is the default and the original: its texts are the
 * ones the others translate, and it stands in for any text a translation lacks.
 */
export const languages = ['en', 'zh-Hans', 'ms', 'ta'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** The languages besides English, each with a folder of its own in `content/`. */
export const translatedLanguages = languages.filter((language) => language !== defaultLanguage);

export const isLanguage = (value: string | undefined): value is Language =>
  (languages as readonly (string | undefined)[]).includes(value);

/** The path's language prefix (`/zh-Hans/verify`), or the default for a path without one. */
export function languageOfPath(pathname: string): Language {
  const prefix = pathname.split('/')[1];
  return prefix !== defaultLanguage && isLanguage(prefix) ? prefix : defaultLanguage;
}

/** The path as the pages know it, without its language prefix: `/zh-Hans/verify` is `/verify`. */
export function withoutLanguage(pathname: string): string {
  const language = languageOfPath(pathname);
  if (language === defaultLanguage) return pathname;
  return pathname.slice(language.length + 1) || '/';
}

/** The same page in a language: English keeps the bare path, the others carry their prefix. */
export const pathIn = (language: Language, pathname: string) =>
  language === defaultLanguage ? pathname : `/${language}${pathname === '/' ? '' : pathname}`;

/** The cookie that keeps the language a visitor chose with the switcher, for their next bare `/`. */
export const LANGUAGE_COOKIE = 'lang';

/** Each language's name in itself, as the language switcher offers it. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  'zh-Hans': '简体中文',
  ms: 'Bahasa Melayu',
  ta: 'தமிழ்',
};
