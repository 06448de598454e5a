import fs from 'node:fs';
import path from 'node:path';
import { contentNames } from '#shared/api/content.ts';
import { type ContentFileName, type ContentFiles, contentFileSchema } from '#shared/api/content-files.ts';
import type { SiteConfig } from '#shared/api/site.ts';
import type { ContentInLanguage, ResolvedContent, SiteContent } from '#shared/api/site-content.ts';
import { defaultLanguage, type Language, languages, translatedLanguages } from '#shared/i18n/languages.ts';
import { ConfigError } from '../../config.ts';

/** A file that breaks its schema: where, and what the first broken field is. */
export interface InvalidFile {
  language: Language;
  name: ContentFileName;
  field: string;
  message: string;
}

/**
 * Validates every file against its page's schema and resolves the languages: a page a translation
 * lacks is shown in English, and a translated brand is merged over the English one. The files may
 * come from `content/` or from the database; `invalid` makes the error for the first broken file.
 */
export function contentFromFiles(
  files: ContentFiles,
  invalid: (problem: InvalidFile) => Error,
): ResolvedContent {
  const valid = (language: Language, name: ContentFileName, raw: unknown) => {
    const parsed = contentFileSchema(language, name).safeParse(raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw invalid({
      language,
      name,
      field: issue?.path.join('.') || '(root)',
      message: issue?.message ?? '',
    });
  };
  const inEnglish = (name: ContentFileName) => valid(defaultLanguage, name, files[defaultLanguage][name]);
  const english: ContentInLanguage = {
    site: inEnglish('site') as SiteConfig,
    pages: Object.fromEntries(contentNames.map((name) => [name, inEnglish(name)])) as SiteContent,
  };
  const translated = new Map<Language, ContentInLanguage>(
    translatedLanguages.map((language) => {
      const own = files[language] ?? {};
      const pages = Object.fromEntries(
        contentNames.map((name) => [
          name,
          own[name] === undefined ? english.pages[name] : valid(language, name, own[name]),
        ]),
      ) as SiteContent;
      const site =
        own.site === undefined
          ? english.site
          : { ...english.site, ...(valid(language, 'site', own.site) as Partial<SiteConfig>) };
      return [language, { site, pages }];
    }),
  );
  return { ...english, inLanguage: (language) => translated.get(language) ?? english };
}

/** Where a file of `content/` lives: English beside the folders, a translation in its language's folder. */
function contentFilePath(
  options: { siteConfigPath: string; contentDir: string },
  language: Language,
  name: ContentFileName,
) {
  if (language === defaultLanguage && name === 'site') return options.siteConfigPath;
  const folder = language === defaultLanguage ? options.contentDir : path.join(options.contentDir, language);
  return path.join(folder, `${name}.json`);
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read content file ${file}: ${(error as Error).message}`);
  }
}

/**
 * Reads the files of `content/`: `contentDir/<page>.json` in English, `contentDir/<language>/<page>.json`
 * for a translation (a page it lacks is left out). A folder or file that is not part of the site
 * stops the start, since a misspelt one would be silently ignored.
 */
export function readContentFiles(options: { siteConfigPath: string; contentDir: string }): ContentFiles {
  checkFolders(options.contentDir);
  const files = {} as ContentFiles;
  for (const language of languages) {
    files[language] = {};
    const folder = path.join(options.contentDir, language);
    if (language !== defaultLanguage) checkFileNames(folder);
    for (const name of ['site', ...contentNames] as ContentFileName[]) {
      const file = contentFilePath(options, language, name);
      if (language === defaultLanguage || fs.existsSync(file)) files[language][name] = readJson(file);
    }
  }
  return files;
}

/** The brand and every page in every language, from `content/`, validated once at start. */
export function loadContent(options: { siteConfigPath: string; contentDir: string }): ResolvedContent {
  return contentFromFiles(readContentFiles(options), ({ language, name, field, message }) => {
    const file = contentFilePath(options, language, name);
    return new ConfigError(`Invalid content file ${file}: ${field} ${message}`);
  });
}

function checkFileNames(folder: string) {
  if (!fs.existsSync(folder)) return;
  for (const file of fs.readdirSync(folder)) {
    const name = file.replace(/\.json$/, '');
    if (name !== 'site' && !(contentNames as string[]).includes(name)) {
      throw new ConfigError(
        `Content file ${path.join(folder, file)} is not a page of the site (${contentNames.join(', ')}, site).`,
      );
    }
  }
}

/** A folder in `content/` must be a language: a misspelt one would be silently ignored. */
function checkFolders(contentDir: string) {
  for (const entry of fs.readdirSync(contentDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    if (entry.name === defaultLanguage || !(languages as readonly string[]).includes(entry.name)) {
      throw new ConfigError(
        `Content folder ${path.join(contentDir, entry.name)} is not a translation of the site ` +
          `(${translatedLanguages.join(', ')}; English is the files beside the folders).`,
      );
    }
  }
}
