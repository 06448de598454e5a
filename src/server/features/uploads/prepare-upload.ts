import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MAX_PIXELS, THUMBNAIL_WIDTH } from '#shared/limits.ts';
import type { StoredFileRef } from '../../db/schema/index.ts';
import { fileKeyFor } from '../../files/file-store.ts';
import { UploadRejected } from './field-errors.ts';

/** A file ready to store: the reference a record keeps, and the bytes behind each of its keys. */
export interface PreparedFile {
  ref: StoredFileRef;
  blobs: { key: string; data: Buffer }[];
}

// What file-type reports for the formats we accept; an animated PNG is still a PNG.
const IMAGE_TYPES = new Set(['image/png', 'image/apng', 'image/jpeg', 'image/webp', 'image/gif']);
// The WebP format cannot hold a side longer than this.
const WEBP_MAX_SIDE = 16_383;
const WEBP_OPTIONS = { quality: 80 };

/**
 * Accepts PNG, JPEG, WebP or GIF by content (never by name or declared type), turns it upright and
 * re-encodes it to WebP with a thumbnail. sharp writes no EXIF, ICC or XMP unless asked
 * (withMetadata/keepMetadata), so camera and GPS data never reach the store.
 */
export async function prepareImage(data: Buffer, label: string): Promise<PreparedFile> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    throw new UploadRejected(415, `${label} must be a PNG, JPEG, WebP or GIF image.`);
  }
  const unreadable = () =>
    new UploadRejected(415, `${label} could not be read; it may be damaged or incomplete.`);
  const tooManyPixels = () =>
    new UploadRejected(413, `${label} must be at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`);
  // sharp's own decode limit (268 megapixels) already stops reading the header of a decompression
  // bomb; that is a too-large image, not a damaged one.
  const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);
  // The header alone gives the size, so an oversized image is refused before it is decoded.
  const { width = 0, height = 0 } = await sharp(data)
    .metadata()
    .catch((error: unknown) => {
      throw isPixelLimit(error) ? tooManyPixels() : unreadable();
    });
  if (width * height > IMAGE_MAX_PIXELS) throw tooManyPixels();
  if (width > WEBP_MAX_SIDE || height > WEBP_MAX_SIDE) {
    throw new UploadRejected(413, `${label} must be at most ${WEBP_MAX_SIDE} pixels on each side.`);
  }

  // failOn 'error' refuses truncated or corrupt data but tolerates the harmless warnings many cameras
  // cause; limitInputPixels stays as a second guard in case the header lied.
  const upright = sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
  let image: Buffer;
  let thumbnail: Buffer;
  try {
    [image, thumbnail] = await Promise.all([
      upright.clone().webp(WEBP_OPTIONS).toBuffer(),
      upright
        .clone()
        .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
        .webp(WEBP_OPTIONS)
        .toBuffer(),
    ]);
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : unreadable();
  }
  const key = fileKeyFor(image, 'webp');
  const thumbnailKey = fileKeyFor(thumbnail, 'webp');
  return {
    ref: { key, thumbnailKey, contentType: 'image/webp', size: image.length },
    blobs: [
      { key, data: image },
      { key: thumbnailKey, data: thumbnail },
    ],
  };
}

const PDF_SIGNATURE = Buffer.from('%PDF-');

/** Accepts a PDF by content and keeps its bytes as they are (it is served sandboxed). */
export async function preparePdf(data: Buffer, label: string): Promise<PreparedFile> {
  const type = await fileTypeFromBuffer(data);
  if (type?.mime !== 'application/pdf' && !data.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) {
    throw new UploadRejected(415, `${label} must be a PDF document.`);
  }
  const key = fileKeyFor(data, 'pdf');
  return { ref: { key, contentType: 'application/pdf', size: data.length }, blobs: [{ key, data }] };
}
