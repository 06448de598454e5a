import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { brandImageKeyOf } from '#shared/api/brand-images.ts';
import type { ECertDesign } from '#shared/api/content.ts';
import type { StoredFileRef } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/file-store.ts';
import { fromProjectRoot } from '../../project-root.ts';

/** Where the brand files the site configuration names are: the built client, else its sources. */
const brandFolders = [fromProjectRoot('dist', 'client'), fromProjectRoot('public')];

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
 * A brand image as a PNG for `height` points, or null: an uploaded one from the store, else a
 * path on this site only (an address elsewhere is never fetched), read once per process (an
 * uploaded one's address is its content hash, so it never goes stale).
 */
function brandImagePng(files: FileStore, src: string, height = 48): Promise<Buffer | null> {
  const cacheKey = `${height} ${src}`;
  let logo = logos.get(cacheKey);
  if (!logo) {
    logo = (async () => {
      const key = brandImageKeyOf(src);
      if (key) {
        const file = await files.open(key);
        return file ? toPng(await readAll(file.stream), height).catch(() => null) : null;
      }
      const relative = path.posix.normalize(src);
      if (!relative.startsWith('/') || relative.includes('..')) return null;
      for (const folder of brandFolders) {
        const bytes = await readFile(path.join(folder, relative)).catch(() => null);
        if (bytes) return toPng(bytes, height).catch(() => null);
      }
      return null;
    })();
    logos.set(cacheKey, logo);
  }
  return logo;
}

/** The PDF's logo and the signatory's signature of a design, each as a PNG or null. */
export const designImages = (files: FileStore, design: ECertDesign, site: { logo: { src: string } }) =>
  Promise.all([
    brandImagePng(files, design.logoImage ?? site.logo.src),
    design.signatureImage ? brandImagePng(files, design.signatureImage, 60) : null,
  ]);

/** A stored image (the holder's signature) as a PNG, or null when there is none. */
export async function storedImagePng(files: FileStore, ref: StoredFileRef | null): Promise<Buffer | null> {
  const file = ref ? await files.open(ref.key) : null;
  return file ? toPng(await readAll(file.stream), 60).catch(() => null) : null;
}
