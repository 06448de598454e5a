import fs from 'node:fs';
import type { Language } from '#shared/i18n/languages.ts';
import { fromProjectRoot } from '../project-root.ts';

const manifestFile = fromProjectRoot('dist', 'client', '.vite', 'manifest.json');

/** The style sheet of each language's web font, as the build's manifest names its source. */
const sources: Partial<Record<Language, string>> = {
  'zh-Hans': 'app/fonts/zh-hans.css',
  ta: 'app/fonts/ta.css',
};

let links: Partial<Record<Language, string>> | undefined;

function readLinks(): Partial<Record<Language, string>> {
  if (!fs.existsSync(manifestFile)) return {};
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  return Object.fromEntries(
    Object.entries(sources).flatMap(([language, source]) => {
      const file = manifest[source]?.file;
      return file ? [[language, `<link rel="stylesheet" href="/${file}">`]] : [];
    }),
  );
}

/** Links a page's language to its web font: `<link>` tags for `<head>`, or none. */
export type FontStylesheets = (language: Language) => string;

/**
 * The `<link>` to the built web font of a page's language; empty for a language whose script every
 * device draws (English, Malay), so their pages fetch none of it.
 */
export const fontStylesheetsFor: FontStylesheets = (language) => {
  links ??= readLinks();
  return links[language] ?? '';
};

/** The same from the sources, which `npm run dev` serves through Vite. */
export const sourceFontStylesheetsFor: FontStylesheets = (language) => {
  const source = sources[language];
  return source ? `<link rel="stylesheet" href="/${source}">` : '';
};
