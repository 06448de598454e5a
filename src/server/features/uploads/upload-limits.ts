import { IMAGE_MAX_BYTES, PDF_MAX_BYTES, TEXT_FIELD_MAX_LENGTH } from '#shared/limits.ts';

/** A file input of an upload form: its form name, the words messages use for it, and what it accepts. */
export interface FileField {
  name: string;
  label: string;
  kind: 'image' | 'pdf';
  /** A tighter limit than the kind's own. */
  maxBytes?: number;
}

export const maxBytesOf = (field: FileField) =>
  field.maxBytes ?? (field.kind === 'image' ? IMAGE_MAX_BYTES : PDF_MAX_BYTES);

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Parser limits for every upload form. A part is never larger than the largest file we accept;
 * each file is then held to its own limit as it is read (read-multipart-form.ts).
 */
export const multipartLimits = {
  fileSize: PDF_MAX_BYTES,
  files: 4,
  fields: 20,
  parts: 30,
  // Bytes, not characters: a UTF-8 character takes up to 4, so a value cut at this size is always
  // longer than TEXT_FIELD_MAX_LENGTH characters and the field's own validation rejects it.
  fieldSize: TEXT_FIELD_MAX_LENGTH * 4 + 4,
  fieldNameSize: 100,
  headerPairs: 100,
};
