// The public pages' texts in each language, read from the Lingui catalogs the pages are built from,
// so a reviewer's change to a translation changes what the browser tests expect.
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '../../src/shared/i18n/languages.ts';
import { readContent } from './fixtures.ts';

const catalogs = path.resolve(import.meta.dirname, '../../src/client/locales');

const unquote = (line: string) => JSON.parse(line.slice(line.indexOf('"'))) as string;

/** A PO file's messages: each English text (msgid) and its translation (msgstr). */
function readCatalog(language: Language): Map<string, string> {
  const messages = new Map<string, string>();
  const text = fs.readFileSync(path.join(catalogs, `${language}.po`), 'utf8');
  for (const entry of text.split(/\n\s*\n/)) {
    let field: 'msgid' | 'msgstr' | null = null;
    const parts = { msgid: '', msgstr: '' };
    for (const line of entry.split('\n')) {
      if (line.startsWith('msgid ')) field = 'msgid';
      else if (line.startsWith('msgstr ')) field = 'msgstr';
      else if (!line.startsWith('"')) continue;
      if (field) parts[field] += unquote(line);
    }
    if (parts.msgid) messages.set(parts.msgid, parts.msgstr);
  }
  return messages;
}

/**
 * The text a page in `language` shows for an English message: its translation, or the English
 * text where the catalog has none yet (as the pages do). Fails for a message not in the catalog.
 */
export function translator(language: Language) {
  const catalog = readCatalog(language);
  return (english: string): string => {
    const translated = catalog.get(english);
    if (translated === undefined) throw new Error(`"${english}" is not in the ${language} catalog`);
    return translated || english;
  };
}

/** A content file (content/*.json) as a page in `language` reads it: English stands in for what a translation lacks. */
export function contentIn<T extends object>(language: Language, name: string): T {
  const english = readContent<T>(name);
  return language === 'en' ? english : { ...english, ...readContent<T>(`${language}/${name}`) };
}
