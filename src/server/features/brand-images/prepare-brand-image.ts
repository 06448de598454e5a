import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  BRAND_IMAGE_MAX_SIDE,
  BRAND_IMAGE_PATH,
  BRAND_IMAGE_STORED_SIDE,
  type UploadedBrandImage,
} from '#shared/api/brand-images.ts';
import { ACCEPTED_IMAGE_TYPES } from '#shared/limits.ts';
import { fileKeyFor } from '../../files/file-store.ts';
import { UploadRejected } from '../uploads/field-errors.ts';

const ACCEPTED = new Set<string>([...ACCEPTED_IMAGE_TYPES, 'image/apng']);

/**
 * A logo or signature checked by its content (never its name): PNG, JPEG, WebP or GIF, at most
 * BRAND_IMAGE_MAX_SIDE pixels a side. Stored as PNG, which keeps transparency and which the PDF
 * e-Cert can embed, shrunk to fit BRAND_IMAGE_STORED_SIDE and stripped of metadata by re-encoding.
 */
export async function prepareBrandImage(
  data: Buffer,
  label: string,
): Promise<{ key: string; png: Buffer; image: UploadedBrandImage }> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new UploadRejected(415, `${label} must be a PNG, JPEG, WebP or GIF image.`);
  }
  const unreadable = () => new UploadRejected(415, `${label} could not be read; it may be damaged.`);
  const { width = 0, height = 0 } = await sharp(data)
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (width > BRAND_IMAGE_MAX_SIDE || height > BRAND_IMAGE_MAX_SIDE) {
    throw new UploadRejected(
      413,
      `${label} must be at most ${BRAND_IMAGE_MAX_SIDE} × ${BRAND_IMAGE_MAX_SIDE} pixels; this one is ${width} × ${height}.`,
    );
  }
  const png = await sharp(data, { failOn: 'error', animated: false })
    .rotate()
    .resize({
      width: BRAND_IMAGE_STORED_SIDE,
      height: BRAND_IMAGE_STORED_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw unreadable();
    });
  const key = fileKeyFor(png.data, 'png');
  return {
    key,
    png: png.data,
    image: { src: `${BRAND_IMAGE_PATH}${key}`, width: png.info.width, height: png.info.height },
  };
}
