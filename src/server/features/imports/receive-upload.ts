import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { ImportKind } from '#shared/api/imports.ts';
import { AppError, invalidInput } from '../../errors.ts';
import { megabytes } from '../uploads/upload-limits.ts';
import type { ImportUpload } from './check-import.ts';
import { refuseCrowdedZip } from './zip-files.ts';

/** A ZIP holds images of up to 10 MB each. */
const IMPORT_ZIP_MAX_BYTES = 4 * 1024 * 1024 * 1024;

type Field = 'file' | 'files';

/**
 * Where uploads wait for their check: on the data volume, which is sized for files (a temporary
 * folder is often small, or memory), and swept of what a killed instance left there.
 */
export const importUploadsDir = (dataDir: string) => path.join(dataDir, 'import-uploads');
const labelOf = { file: 'The CSV file', files: 'The ZIP of files' } as const;

/**
 * Streams the upload's `file` (CSV, at most `csvMaxBytes`) and optional `files` (ZIP) to a private
 * folder under `uploadsDir`, each refused with 413 as soon as it passes its limit, and answers
 * where they are. Nothing reaches the database here; a refused upload leaves nothing behind.
 */
export async function receiveImportUpload(
  request: FastifyRequest,
  kind: ImportKind,
  { uploadsDir, csvMaxBytes }: { uploadsDir: string; csvMaxBytes: number },
): Promise<ImportUpload & { fileName: string }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send the file as multipart/form-data.', 'UNSUPPORTED_MEDIA_TYPE');
  }
  const limitOf = { file: csvMaxBytes, files: IMPORT_ZIP_MAX_BYTES };
  await mkdir(uploadsDir, { recursive: true });
  const folder = await mkdtemp(path.join(uploadsDir, 'upload-'));
  const cleanUp = () => rm(folder, { recursive: true, force: true });
  try {
    const saved = new Map<Field, string>();
    let fileName = '';
    const parts = request.parts({
      limits: { fileSize: IMPORT_ZIP_MAX_BYTES, files: 2, fields: 10, parts: 12 },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      const field = part.fieldname === 'file' || part.fieldname === 'files' ? part.fieldname : null;
      if (!field || saved.has(field)) {
        await drain(part.file);
        continue;
      }
      if (field === 'files' && kind !== 'people') {
        await drain(part.file);
        throw invalidInput('Renewal records have no files: send the CSV alone.', { files: 'Not used here' });
      }
      const target = path.join(folder, field);
      const size = await save(part.file, target, field, limitOf[field]);
      if (part.file.truncated) throw tooLarge(field, limitOf[field]);
      if (size === 0) continue;
      if (field === 'files') await refuseCrowdedZip(target);
      saved.set(field, target);
      if (field === 'file') fileName = plainName(part.filename);
    }
    const csvPath = saved.get('file');
    if (!csvPath) throw invalidInput('Choose a CSV file to import.', { file: 'Choose a CSV file' });
    return {
      csvPath,
      csvBytes: (await stat(csvPath)).size,
      zipPath: saved.get('files'),
      fileName,
      cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw plainUploadError(error);
  }
}

const tooLarge = (field: Field, limit: number) =>
  new AppError(413, `${labelOf[field]} must be at most ${megabytes(limit)}.`);

/** Writes `stream` to `target` and answers its size, stopping with 413 at the first byte past `limit`. */
async function save(stream: Readable, target: string, field: Field, limit: number): Promise<number> {
  let size = 0;
  await pipeline(
    stream,
    async function* countBytes(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        size += chunk.length;
        if (size > limit) throw tooLarge(field, limit);
        yield chunk;
      }
    },
    createWriteStream(target),
  );
  return size;
}

/** Only for showing: the last path segment, without control characters, at most 200 characters. */
const plainName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'upload.csv';

async function drain(stream: Readable) {
  for await (const _chunk of stream) {
    // Read to the end, so the parser moves on to the next part.
  }
}

function plainUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return invalidInput('Send one CSV file, and at most one ZIP of files.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return invalidInput('The form has too many fields.');
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 500) return error;
  return invalidInput('The upload could not be read. Please try again.');
}
