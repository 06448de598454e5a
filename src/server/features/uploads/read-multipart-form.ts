import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { isStorableText, unstorableTextMessage } from '../../plugins/storable-text.ts';
import { FieldErrors } from './field-errors.ts';
import { type FileField, maxBytesOf, megabytes, multipartLimits } from './upload-limits.ts';

export interface MultipartForm {
  /** Text fields by name (the first value of each); unknown names are kept, validation decides. */
  text: Record<string, string>;
  /** The bytes of each expected file field that carried a non-empty file. */
  files: Map<string, Buffer>;
  /** Files already refused while reading (too large, sent twice). */
  errors: FieldErrors;
}

/**
 * Reads a whole upload form into memory, each file held to its own field's limit. Files of
 * unexpected fields are read to the end and dropped; an empty file part (a browser's "no file
 * chosen") counts as no file.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileFields: readonly FileField[],
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send the form as multipart/form-data.', 'UNSUPPORTED_MEDIA_TYPE');
  }
  const expected = new Map(fileFields.map((field) => [field.name, field]));
  const text: Record<string, string> = {};
  const files = new Map<string, Buffer>();
  const errors = new FieldErrors();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (expected.has(part.fieldname) || typeof part.value !== 'string') continue;
        // What PostgreSQL text cannot hold is refused here as everywhere (plugins/storable-text.ts).
        if (!isStorableText(part.value)) errors.add(part.fieldname, 400, unstorableTextMessage);
        text[part.fieldname] ??= part.value;
        continue;
      }
      const field = expected.get(part.fieldname);
      const limit = field ? maxBytesOf(field) : 0;
      const data = await readUpTo(part.file, limit);
      if (!field) continue;
      if (data === null || part.file.truncated) {
        errors.add(field.name, 413, `${field.label} must be at most ${megabytes(limit)}.`);
      } else if (data.length === 0) {
        // A browser sends an empty part for "no file chosen".
      } else if (!isPlainFileName(part.filename)) {
        errors.add(field.name, 400, `${field.label} has a file name that is not allowed.`);
      } else if (files.has(field.name)) {
        errors.add(field.name, 400, `${field.label}: send one file only.`);
      } else {
        files.set(field.name, data);
      }
    }
  } catch (error) {
    throw plainMultipartError(error);
  }
  return { text, files, errors };
}

// A browser sends a file's base name only. A folder, a parent reference or a control character
// (NUL included) comes from a hand-made request: the name is never used, since files are stored
// under their content hash, but such a request is refused rather than half-trusted.
const isPlainFileName = (name: string) =>
  name !== '.' &&
  name !== '..' &&
  ![...name].some((char) => char === '/' || char === '\\' || char < ' ' || char === '\u007f');

/** The stream's bytes, or null once they pass `limit`; the stream is always read to its end. */
async function readUpTo(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
    else chunks.length = 0;
  }
  return size > limit ? null : Buffer.concat(chunks);
}

/** The multipart parser's errors in plain words and the shape every API error takes. */
function plainMultipartError(error: unknown): unknown {
  switch ((error as { code?: unknown }).code) {
    case 'FST_FILES_LIMIT':
      return new AppError(413, `At most ${multipartLimits.files} files can be sent at once.`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, 'The form has too many fields.');
    default: {
      if (error instanceof AppError) return error;
      // Malformed multipart data (busboy's "Unexpected end of form", a bad boundary, a part cut
      // short) is the client's; only a server-side failure keeps its 5xx.
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 500) return error;
      return new AppError(400, 'The upload could not be read. Please try again.');
    }
  }
}
