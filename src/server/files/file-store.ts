import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded and generated files live; keys are content addresses (sha256 + extension). */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the file, or null when there is no such file. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  keys(): AsyncIterable<string>;
  /** When the file was last written, or null when there is no such file (the orphan sweep's grace period). */
  stat?(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  /** Throws when the store cannot be reached (the readiness view). */
  check(): Promise<void>;
  /** Deletes half-written files left by a process killed during `put`, if last touched before `olderThan`. */
  removeStaleTemporaryFiles?(olderThan: Date): Promise<number>;
}

const fileTypes = {
  webp: 'image/webp',
  png: 'image/png',
  pdf: 'application/pdf',
} as const;
export type FileExtension = keyof typeof fileTypes;

const KEY_PATTERN = /^[a-f0-9]{64}\.(webp|png|pdf)$/;

/** Only well-formed keys reach the disk: this is what stops path traversal. */
export const isFileKey = (key: string) => KEY_PATTERN.test(key);

export const contentTypeOf = (key: string) => fileTypes[key.slice(key.lastIndexOf('.') + 1) as FileExtension];

export const fileKeyFor = (data: Buffer, extension: FileExtension) =>
  `${createHash('sha256').update(data).digest('hex')}.${extension}`;

export function createLocalFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    if (!isFileKey(key)) throw new Error('Invalid file key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(key, data) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a crash never leaves a half-written file under a valid key. The
      // temporary name is unique per write: two uploads of the same bytes may store one key at once.
      const temporary = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fsp.writeFile(temporary, data);
        await fsp.rename(temporary, target);
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
    },
    async check() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.W_OK);
    },
    async open(key) {
      if (!isFileKey(key)) return null;
      try {
        const stat = await fsp.stat(pathOf(key));
        return { stream: fs.createReadStream(pathOf(key)), size: stat.size };
      } catch {
        return null;
      }
    },
    async stat(key) {
      if (!isFileKey(key)) return null;
      try {
        const stat = await fsp.stat(pathOf(key));
        return { size: stat.size, modifiedAt: stat.mtime };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async removeStaleTemporaryFiles(olderThan) {
      let removed = 0;
      for (const shard of await fsp.readdir(root).catch(() => [] as string[])) {
        for (const name of await fsp.readdir(path.join(root, shard)).catch(() => [] as string[])) {
          if (!name.endsWith('.tmp')) continue;
          const file = path.join(root, shard, name);
          const stat = await fsp.stat(file).catch(() => null);
          if (stat && stat.mtime < olderThan) {
            await fsp.rm(file, { force: true });
            removed += 1;
          }
        }
      }
      return removed;
    },
    async *keys() {
      const shards = await fsp.readdir(root).catch(() => [] as string[]);
      for (const shard of shards) {
        for (const name of await fsp.readdir(path.join(root, shard)).catch(() => [] as string[])) {
          if (isFileKey(name)) yield name;
        }
      }
    },
  };
}
