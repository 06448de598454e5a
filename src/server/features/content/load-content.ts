import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { type Content, type ContentName, contentNames, contentSchemas } from '#shared/api/content.ts';
import { type SiteConfig, siteConfig, siteTranslation } from '#shared/api/site.ts';
import { defaultLanguage, type Language, languages, translatedLanguages } from '#shared/i18n/languages.ts';
import { ConfigError } from '../../config.ts';

export type SiteContent = { [N in ContentName]: Content<N> };
/** The brand and the pages in one language. */
export interface ContentInLanguage {
  site: SiteConfig;
  pages: SiteContent;
}

function readJson<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read content file ${file}: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid content file ${file}: ${issue?.path.join('.') || '(root)'} ${issue?.message}`,
    );
  }
  return parsed.data;
}

/**
 * Reads and validates the brand and every page's content once, at start, in every language.
 * English is `contentDir/<page>.json`; a translation is `contentDir/<language>/<page>.json`, and a
 * page it lacks is shown in English. A translated `site.json` holds only the brand texts it
 * changes.
 */
export function loadContent(options: { siteConfigPath: string; contentDir: string }) {
  const site: SiteConfig = readJson(options.siteConfigPath, siteConfig);
  const pages = Object.fromEntries(
    contentNames.map((name) => [
      name,
      readJson(path.join(options.contentDir, `${name}.json`), contentSchemas[name]),
    ]),
  ) as SiteContent;
  const english: ContentInLanguage = { site, pages };
  checkFolders(options.contentDir);
  const translated = new Map<Language, ContentInLanguage>(
    translatedLanguages.map((language) => [
      language,
      readTranslation(path.join(options.contentDir, language), english),
    ]),
  );
  return {
    site,
    pages,
    inLanguage: (language: Language) => translated.get(language) ?? english,
  };
}

function readTranslation(folder: string, english: ContentInLanguage): ContentInLanguage {
  const files = fs.existsSync(folder) ? new Set(fs.readdirSync(folder)) : new Set<string>();
  for (const file of files) {
    const name = file.replace(/\.json$/, '');
    if (name !== 'site' && !(contentNames as string[]).includes(name)) {
      throw new ConfigError(
        `Content file ${path.join(folder, file)} is not a page of the site (${contentNames.join(', ')}, site).`,
      );
    }
  }
  const pages = Object.fromEntries(
    contentNames.map((name) => [
      name,
      files.has(`${name}.json`)
        ? readJson(path.join(folder, `${name}.json`), contentSchemas[name])
        : english.pages[name],
    ]),
  ) as SiteContent;
  const site = files.has('site.json')
    ? { ...english.site, ...readJson(path.join(folder, 'site.json'), siteTranslation) }
    : english.site;
  return { site, pages };
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
