import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { isFileKey } from '../files/file-store.ts';
import { type BackupManifest, backupManifest, filePart, MANIFEST_NAME } from './manifest.ts';

/** Why a backup was not restored: one line for the operator, said before anything was written. */
export class BackupRefused extends Error {}

export interface OpenedBackup {
  manifest: BackupManifest;
  has(name: string): boolean;
  read(name: string): Promise<Readable>;
  close(): void;
}

/**
 * Opens an archive and checks it whole before anything is restored: the manifest is readable, every
 * part it lists is there with its SHA-256, and nothing else is in the archive.
 */
export async function openBackup(path: string): Promise<OpenedBackup> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, file) =>
      error ? reject(damaged('it is not a readable ZIP archive')) : resolve(file),
    ),
  );
  try {
    const entries = await listEntries(zip);
    const read = async (name: string) => {
      const entry = entries.get(name);
      if (!entry) throw damaged(`${name} is missing`);
      return new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, stream) =>
          error ? reject(damaged(`${name} cannot be read`)) : resolve(stream),
        ),
      );
    };
    const manifest = parseManifest(await text(await read(MANIFEST_NAME)).catch(() => ''));
    for (const name of entries.keys())
      if (name !== MANIFEST_NAME && !(name in manifest.parts))
        throw damaged(`${name} is not in its manifest`);
    for (const [name, hash] of Object.entries(manifest.parts)) {
      const key = name.startsWith(filePart('')) ? name.slice(filePart('').length) : null;
      // A stored file's key is its SHA-256: a file under another's key would be served in its place.
      if (key !== null && (!isFileKey(key) || !key.startsWith(hash)))
        throw damaged(`${name} does not hold the file its name says`);
    }
    for (const [name, expected] of Object.entries(manifest.parts)) {
      const hash = createHash('sha256');
      try {
        for await (const chunk of await read(name)) hash.update(chunk as Buffer);
      } catch (error) {
        throw error instanceof BackupRefused ? error : damaged(`${name} cannot be read`);
      }
      if (hash.digest('hex') !== expected) throw damaged(`${name} does not match its checksum`);
    }
    return { manifest, has: (name) => entries.has(name), read, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

const damaged = (why: string) => new BackupRefused(`The backup is damaged: ${why}. Nothing was restored.`);

function parseManifest(json: string): BackupManifest {
  try {
    return backupManifest.parse(JSON.parse(json));
  } catch {
    throw damaged(`${MANIFEST_NAME} is missing or unreadable`);
  }
}

function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      // A folder entry has no content: `zip -r` adds one for each folder of an archive unpacked.
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(damaged('its list of entries cannot be read')));
    zip.readEntry();
  });
}
