/**
 * The languages of the public site. English is the default and the original: its texts are the
 * ones the others translate, and it stands in for any text a translation lacks.
 */
export const languages = ['en', 'zh-Hans', 'ms', 'ta'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** The languages besides English, each with a folder of its own in `content/`. */
export const translatedLanguages = languages.filter((language) => language !== defaultLanguage);
