import { stringify } from 'csv-stringify/sync';
import { expect } from 'vitest';
import yazl from 'yazl';
import { type ImportKind, type ImportView, importColumns, importsPath } from '#shared/api/imports.ts';
import type { setUpPeopleApi } from './people-api.ts';
import { multipartForm, personFields, type Upload } from './upload-fixtures.ts';

type Api = ReturnType<typeof setUpPeopleApi>;

/** A CSV of `rows` under the template's columns (or `columns`), as a spreadsheet program saves it. */
export const csvOf = (rows: Record<string, string>[], columns: readonly string[] = importColumns('people')) =>
  stringify(rows, { header: true, columns: [...columns] });

/** A valid row with a FIN and serial no other row of the run has. */
export const csvRow = (overrides: Record<string, string> = {}): Record<string, string> => ({
  ...personFields({ finNumber: `F${Math.random().toString(36).slice(2, 10).toUpperCase()}` }),
  ...overrides,
});

/** A ZIP holding `entries`, compressed as archivers do. */
export function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(data, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * A valid ZIP of `count` empty, stored files, written directly: an archiver takes seconds a
 * thousand entries, and a hostile archive needs nothing more.
 */
export function zipOfEmptyFiles(count: number): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const name = Buffer.from(`e/${i}.png`);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(10, 4);
    header.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(10, 6);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(header, name);
    central.push(entry, name);
    offset += header.length + name.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

/** Sends an import as the Import page does: the CSV as `file`, the optional ZIP as `files`. */
export function upload(
  api: Api,
  csv: string | Buffer,
  {
    zip,
    kind = 'people',
    filename = 'people.csv',
  }: { zip?: Buffer; kind?: ImportKind; filename?: string } = {},
) {
  const files: Record<string, Upload | undefined> = {
    file: { data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), filename, type: 'text/csv' },
    files: zip && { data: zip, filename: 'files.zip', type: 'application/zip' },
  };
  return api.inject({
    method: 'POST',
    url: importsPath(kind),
    headers: api.staff.headers,
    payload: multipartForm({}, files),
  });
}

/** The import once it has stopped checking or committing. */
export async function settled(api: Api, id: string, kind: ImportKind = 'people'): Promise<ImportView> {
  for (let tries = 0; tries < 600; tries += 1) {
    const response = await api.inject({ url: `${importsPath(kind)}/${id}`, headers: api.staff.headers });
    expect(response.statusCode).toBe(200);
    const view: ImportView = response.json();
    if (view.status !== 'checking' && view.status !== 'committing') return view;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the import did not settle');
}

/** Uploads and waits for the check to end. */
export async function checked(api: Api, csv: string | Buffer, options: Parameters<typeof upload>[2] = {}) {
  const response = await upload(api, csv, options);
  expect(response.statusCode, response.body).toBe(202);
  return settled(api, response.json().id, options.kind);
}

/** Commits a checked import and waits for the commit to end. */
export async function committed(
  api: Api,
  id: string,
  duplicates: 'skip' | 'replace' = 'skip',
  kind: ImportKind = 'people',
) {
  const response = await api.inject({
    method: 'POST',
    url: `${importsPath(kind)}/${id}/commit`,
    headers: api.staff.headers,
    payload: { duplicates },
  });
  expect(response.statusCode, response.body).toBe(202);
  return settled(api, id, kind);
}
