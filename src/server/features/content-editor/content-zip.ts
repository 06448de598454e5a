import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import yazl from 'yazl';
import { type ContentFileName, type ContentFiles, isContentFileName } from '#shared/api/content-files.ts';
import { defaultLanguage, isLanguage, type Language, languages } from '#shared/i18n/languages.ts';
import { invalidInput } from '../../errors.ts';

/** The content files hold text only: far below these, an archive is not one of ours. */
export const CONTENT_ZIP_MAX_BYTES = 5 * 1024 * 1024;
const MAX_ENTRIES = 200;
const MAX_FILE_BYTES = 1024 * 1024;

/** Where a file goes in `content/`: English beside the language folders. */
const pathOf = (language: Language, name: ContentFileName) =>
  language === defaultLanguage ? `${name}.json` : `${language}/${name}.json`;

/** The published content as the `content/` folder, zipped: the same files a new installation starts from. */
export async function contentZip(files: ContentFiles): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const language of languages) {
    for (const [name, body] of Object.entries(files[language] ?? {})) {
      const json = `${JSON.stringify(body, null, 2)}\n`;
      zip.addBuffer(Buffer.from(json), pathOf(language, name as ContentFileName), { mtime: new Date(0) });
    }
  }
  zip.end();
  return buffer(zip.outputStream as unknown as Readable);
}

const refused = (reason: string) =>
  invalidInput(`This archive cannot be imported: ${reason}`, { file: reason });

/**
 * The files of an archive made like `contentZip` (or of `content/` zipped by hand, in a folder or
 * not), as JSON, each named by language and page. Anything else in it is refused by name.
 */
export async function readContentZip(archive: Buffer) {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(archive, { lazyEntries: true }, (error, file) =>
      error ? reject(refused('it is not a readable ZIP archive')) : resolve(file),
    ),
  );
  const found: { language: Language; name: ContentFileName; body: unknown }[] = [];
  try {
    for await (const entry of entries(zip)) {
      if (entry.fileName.endsWith('/') || /(^|\/)(\.|__MACOSX)/.test(entry.fileName)) continue;
      if (found.length >= MAX_ENTRIES) throw refused(`it holds more than ${MAX_ENTRIES} files`);
      const parts = entry.fileName.replace(/^content\//, '').split('/');
      const [language, file] = parts.length === 1 ? [defaultLanguage, parts[0]] : parts;
      const name = file?.replace(/\.json$/, '') ?? '';
      if (parts.length > 2 || !isLanguage(language) || !file?.endsWith('.json') || !isContentFileName(name)) {
        throw refused(`${entry.fileName} is not a page of the site`);
      }
      if (entry.uncompressedSize > MAX_FILE_BYTES) throw refused(`${entry.fileName} is too large`);
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) =>
          error ? reject(refused(`${entry.fileName} cannot be read`)) : resolve(opened),
        ),
      );
      let body: unknown;
      try {
        body = JSON.parse((await buffer(stream)).toString('utf8'));
      } catch {
        throw refused(`${entry.fileName} is not valid JSON`);
      }
      found.push({ language, name, body });
    }
  } finally {
    zip.close();
  }
  if (found.length === 0) throw refused('it holds no content files');
  return found;
}

async function* entries(zip: ZipFile): AsyncGenerator<Entry> {
  while (true) {
    const entry = await new Promise<Entry | null>((resolve, reject) => {
      zip.once('entry', resolve);
      zip.once('end', () => resolve(null));
      zip.once('error', () => reject(refused('it is damaged')));
      zip.readEntry();
    });
    if (!entry) return;
    zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
    yield entry;
  }
}
