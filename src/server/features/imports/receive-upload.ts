import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { ImportKind } from '#shared/api/imports.ts';
import { AppError, invalidInput } from '../../errors.ts';
import { megabytes } from '../uploads/upload-limits.ts';
import type { ImportUpload } from './check-import.ts';

/** A CSV of the most rows an import takes is far smaller; a ZIP holds images of up to 10 MB each. */
const IMPORT_CSV_MAX_BYTES = 256 * 1024 * 1024;
const IMPORT_ZIP_MAX_BYTES = 4 * 1024 * 1024 * 1024;

const limitOf = { file: IMPORT_CSV_MAX_BYTES, files: IMPORT_ZIP_MAX_BYTES } as const;
const labelOf = { file: 'The CSV file', files: 'The ZIP of files' } as const;

/**
 * Streams the upload's `file` (CSV) and optional `files` (ZIP) to a private temporary folder,
 * each held to its limit, and answers where they are. Nothing reaches the database here; a
 * refused upload leaves nothing behind.
 */
export async function receiveImportUpload(
  request: FastifyRequest,
  kind: ImportKind,
): Promise<ImportUpload & { fileName: string }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send the file as multipart/form-data.', 'UNSUPPORTED_MEDIA_TYPE');
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'ecert-import-'));
  const cleanUp = () => rm(folder, { recursive: true, force: true });
  try {
    const saved = new Map<'file' | 'files', string>();
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
      await pipeline(part.file, createWriteStream(target));
      const { size } = await stat(target);
      if (part.file.truncated || size > limitOf[field]) {
        throw new AppError(413, `${labelOf[field]} must be at most ${megabytes(limitOf[field])}.`);
      }
      if (size === 0) continue;
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
