import { z } from 'zod';

/**
 * Where an uploaded brand image (a logo, a signature) is served: public once published content
 * names it. The key is the PNG's content hash, so an address never changes what it shows.
 */
export const BRAND_IMAGE_PATH = '/brand-images/';
const BRAND_IMAGE_SRC = /^\/brand-images\/([a-f0-9]{64}\.png)$/;
/** Every brand image address in a text (a whole content version as JSON). */
export const BRAND_IMAGE_SRCS = /\/brand-images\/([a-f0-9]{64}\.png)/g;

/** The stored file's key of a brand image address, or null for any other address. */
export const brandImageKeyOf = (src: string): string | null => BRAND_IMAGE_SRC.exec(src)?.[1] ?? null;

// A logo or a signature is small; a photo a camera took is refused rather than shrunk unseen.
export const BRAND_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const BRAND_IMAGE_MAX_SIDE = 4000;
/** Stored no larger than this on either side: enough for a header and a printed A4 page. */
export const BRAND_IMAGE_STORED_SIDE = 1000;

/** The content fields that hold an image's address, each edited with an upload button. */
export const imageFieldNames: ReadonlySet<string> = new Set(['src', 'signatureImage', 'logoImage']);

/** `field` of POST /api/content-editor/images: the form field the image is for, named in errors. */
export const brandImageQuery = z.object({
  field: z
    .string()
    .regex(/^[A-Za-z0-9.]{1,100}$/, { error: 'Field must name a field of the form, such as logo.src' }),
});

export const uploadedBrandImage = z.object({ src: z.string(), width: z.number(), height: z.number() });
export type UploadedBrandImage = z.infer<typeof uploadedBrandImage>;
