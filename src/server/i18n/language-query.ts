import { z } from 'zod';
import { defaultLanguage, languages } from '#shared/i18n/languages.ts';

/** `?lang=`: the language a public answer is given in, English when left out. */
export const languageQuery = z.object({
  lang: z
    .enum(languages, { error: `Language must be one of ${languages.join(', ')}` })
    .default(defaultLanguage),
});
