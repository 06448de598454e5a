import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { StoredFileRef } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/file-store.ts';

/** Where the brand files the site configuration names are: the built client, else its sources. */
const brandFolders = [
  fileURLToPath(new URL('../../../../dist/client', import.meta.url)),
  fileURLToPath(new URL('../../../../public', import.meta.url)),
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** PNG for the PDF (which takes PNG and JPEG), sharp enough to print at `height` points. */
const toPng = (bytes: Buffer, height: number) =>
  sharp(bytes, { density: 300 })
    .resize({ height: height * 4, withoutEnlargement: true })
    .png()
    .toBuffer();

const logos = new Map<string, Promise<Buffer | null>>();

/**
 * The site's logo as a PNG, or null: a path on this site only (an address elsewhere is never
 * fetched), read once per process.
 */
export function logoPng(src: string): Promise<Buffer | null> {
  let logo = logos.get(src);
  if (!logo) {
    logo = (async () => {
      const relative = path.posix.normalize(src);
      if (!relative.startsWith('/') || relative.includes('..')) return null;
      for (const folder of brandFolders) {
        const bytes = await readFile(path.join(folder, relative)).catch(() => null);
        if (bytes) return toPng(bytes, 48).catch(() => null);
      }
      return null;
    })();
    logos.set(src, logo);
  }
  return logo;
}

/** A stored image (the holder's signature) as a PNG, or null when there is none. */
export async function storedImagePng(files: FileStore, ref: StoredFileRef | null): Promise<Buffer | null> {
  const file = ref ? await files.open(ref.key) : null;
  return file ? toPng(await readAll(file.stream), 60).catch(() => null) : null;
}
