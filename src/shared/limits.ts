// Limits both sides enforce, kept free of imports so the client's first chunk stays small.
export const FEEDBACK_COMMENT_MAX_LENGTH = 1000;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
export const CONTACT_NAME_MAX_LENGTH = 200;

// Uploads: images are re-encoded to WebP, PDFs kept as they are.
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const PDF_MAX_BYTES = 20 * 1024 * 1024;
export const THUMBNAIL_WIDTH = 320;
export const TEXT_FIELD_MAX_LENGTH = 200;
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
