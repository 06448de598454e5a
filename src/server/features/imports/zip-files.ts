import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMAGE_MAX_BYTES, PDF_MAX_BYTES } from '#shared/limits.ts';
import { AppError } from '../../errors.ts';
import { UploadRejected } from '../uploads/field-errors.ts';
import { megabytes } from '../uploads/upload-limits.ts';
import { ImportRefused } from './read-csv.ts';

/**
 * Files one import's ZIP may hold. Each costs time and memory to list before any row is checked,
 * and 4 GB of ZIP holds about this many photos and scans of the usual size; more is split.
 */
export const MAX_ZIP_ENTRIES = 20_000;

/** The files of the ZIP sent beside a CSV, found by the path a cell names. */
export interface ZipFiles {
  /** The bytes of the entry `name`, or an UploadRejected saying why not; each entry is read alone. */
  read(name: string, kind: 'image' | 'pdf', label: string): Promise<Buffer>;
  close(): void;
}

/**
 * Opens the archive and lists its entries without reading any. yauzl refuses entries whose paths
 * are absolute or climb out with `..`; such an archive is refused whole, since no cell can name
 * those files safely.
 */
export async function openZipFiles(path: string): Promise<ZipFiles> {
  const zip = await openZip(path);
  const entries = await listEntries(zip).catch((error) => {
    zip.close();
    throw error;
  });
  return {
    async read(name, kind, label) {
      const entry = entries.get(name.replaceAll('\\', '/'));
      if (!entry) throw new UploadRejected(400, `${label}: the ZIP has no file named "${name}".`);
      const limit = kind === 'image' ? IMAGE_MAX_BYTES : PDF_MAX_BYTES;
      // Checked before a byte is inflated; yauzl then holds the entry to the size it declares.
      if (entry.uncompressedSize > limit) {
        throw new UploadRejected(413, `${label} must be at most ${megabytes(limit)}.`);
      }
      return readEntry(zip, entry).catch(() => {
        throw new UploadRejected(
          400,
          `${label}: "${name}" could not be read from the ZIP; it may be damaged.`,
        );
      });
    },
    close: () => zip.close(),
  };
}

const openZip = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, file) =>
      error ? reject(notAZip(error)) : resolve(file),
    ),
  );

/**
 * Refuses, with 413, a ZIP whose directory declares more entries than an import takes: read from
 * the archive's last bytes, before any entry. One that cannot be opened is left for the check to
 * report with the rows.
 */
export async function refuseCrowdedZip(path: string) {
  const zip = await openZip(path).catch(() => null);
  if (!zip) return;
  zip.close();
  if (zip.entryCount > MAX_ZIP_ENTRIES) {
    throw new AppError(
      413,
      `The ZIP holds ${zip.entryCount.toLocaleString('en')} files; an import takes at most ${MAX_ZIP_ENTRIES.toLocaleString('en')}. Split the CSV, and send each part with a ZIP of the files its rows name.`,
    );
  }
}

const notAZip = (error: Error) =>
  /invalid relative path|absolute path/i.test(error.message)
    ? new ImportRefused(
        'The ZIP holds a file whose path leaves the archive (".." or an absolute path); it was not read.',
      )
    : new ImportRefused('The files upload is not a ZIP archive that can be read.');

function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(notAZip(error)));
    zip.readEntry();
  });
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}
