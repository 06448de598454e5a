import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMAGE_MAX_BYTES, PDF_MAX_BYTES } from '#shared/limits.ts';
import { UploadRejected } from '../uploads/field-errors.ts';
import { megabytes } from '../uploads/upload-limits.ts';
import { ImportRefused } from './read-csv.ts';

/** More entries than any import needs (four files a row at the largest import) marks a hostile archive. */
const MAX_ENTRIES = 2_000_000;

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
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, file) =>
      error ? reject(notAZip(error)) : resolve(file),
    ),
  );
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
      if (entries.size >= MAX_ENTRIES) return reject(new ImportRefused('The ZIP holds too many files.'));
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
