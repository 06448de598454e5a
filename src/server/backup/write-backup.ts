import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Readable, Transform } from 'node:stream';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import { type Database, type Db, queryRows } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { encryptArchive } from './backup-encryption.ts';
import { backupTables, schemaVersion, sequencePositions } from './database-tables.ts';
import { type BackupManifest, filePart, MANIFEST_NAME, SECRET_NAME, tablePart } from './manifest.ts';

export interface BackupSource {
  database: Database;
  files: FileStore;
  /** The master secret generated into DATA_DIR, or null when AUTH_SECRET is configured. */
  generatedSecret: string | null;
}

const PAGE = 2_000;

/**
 * One ZIP archive, encrypted with `passphrase` (age): each table as JSON lines, every stored file,
 * and a manifest with a SHA-256 of each part. The tables are read in one repeatable-read
 * transaction, so they agree with each other; the files are copied after, so every file a copied
 * row names is there. Destroying `stream` (a download cancelled) ends that transaction at once.
 */
export async function writeBackup(
  source: BackupSource,
  options: { passphrase: string; createdAt?: string },
): Promise<{ stream: Readable; done: Promise<BackupManifest> }> {
  const zip = new yazl.ZipFile();
  const stream = await encryptArchive(zip.outputStream as unknown as Readable, options.passphrase);
  const cancel = new AbortController();
  stream.once('close', () => {
    if (!stream.readableEnded) cancel.abort(new BackupCancelled());
  });
  const createdAt = options.createdAt ?? new Date().toISOString();
  const done = fillArchive(zip, source, createdAt, cancel.signal).catch((error: unknown) => {
    stream.destroy(error as Error);
    (zip.outputStream as unknown as Readable).destroy();
    throw cancel.signal.aborted ? cancel.signal.reason : error;
  });
  return { stream, done };
}

/** Nobody reads the archive any more: a download cancelled. */
export class BackupCancelled extends Error {
  constructor() {
    super('The backup was cancelled before its end.');
  }
}

async function fillArchive(
  zip: yazl.ZipFile,
  source: BackupSource,
  createdAt: string,
  cancelled: AbortSignal,
): Promise<BackupManifest> {
  const parts: Record<string, string> = {};
  const add = async (name: string, content: Readable) => {
    const hash = createHash('sha256');
    // Hashed as yazl reads it: a 'data' listener would start the flow before yazl takes the stream.
    const counted = content.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, next) {
          hash.update(chunk);
          next(null, chunk);
        },
      }),
    );
    zip.addReadStream(counted, name);
    try {
      // Nobody reads a cancelled download: without the signal this would wait, transaction open, for ever.
      await once(counted, 'end', { signal: cancelled });
    } finally {
      if (cancelled.aborted) content.destroy();
    }
    parts[name] = hash.digest('hex');
  };

  const tables: Record<string, number> = {};
  const { schema, sequences } = await source.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    for (const table of await backupTables(tx)) {
      let rows = 0;
      const lines = async function* () {
        for await (const page of tablePages(tx, table.name)) {
          rows += page.length;
          yield `${page.join('\n')}\n`;
        }
      };
      await add(tablePart(table.name), Readable.from(lines()));
      tables[table.name] = rows;
    }
    return { schema: await schemaVersion(tx), sequences: await sequencePositions(tx) };
  });

  let files = 0;
  for await (const key of source.files.keys()) {
    const opened = await source.files.open(key);
    // Removed since it was listed: no row of the copy names it (the orphan sweep removes only those).
    if (!opened) continue;
    await add(filePart(key), opened.stream);
    files += 1;
  }
  if (source.generatedSecret !== null)
    await add(SECRET_NAME, Readable.from([Buffer.from(source.generatedSecret)]));

  const manifest: BackupManifest = {
    format: 'ecert-portal-backup',
    version: 1,
    createdAt,
    databaseKind: source.database.kind,
    schema,
    tables,
    sequences,
    files,
    parts,
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_NAME);
  zip.end();
  return manifest;
}

/** Heap blocks a page of the backup is read from at most: 512 kB of the table. */
const BLOCKS_PER_RANGE = 64;

/**
 * A table's rows as JSON text in physical order (stable within the snapshot), PAGE rows at most at
 * a time, each page from one range of heap blocks: a TID range scan reads only those blocks, where
 * `ctid > last order by ctid` alone sorted the rest of the table for every page (5 s a page at
 * 10,000,000 rows). Rows visible to the snapshot lie in the blocks the table had when it was taken.
 */
export async function* tablePages(tx: Db, table: string): AsyncGenerator<string[]> {
  const [size] = await queryRows<{ blocks: string }>(
    tx,
    sql`select (pg_relation_size(quote_ident(${table})::regclass)
      / current_setting('block_size')::int)::text as blocks`,
  );
  const blocks = Number(size?.blocks ?? 0);
  let block = 0;
  let after = '(0,0)';
  while (block < blocks) {
    const end = `(${block + BLOCKS_PER_RANGE},0)`;
    const rows = await queryRows<{ at: string; line: string }>(
      tx,
      sql`select t.ctid::text as at, row_to_json(t)::text as line from ${sql.identifier(table)} t
          where t.ctid > ${after}::tid and t.ctid < ${end}::tid order by t.ctid limit ${PAGE}`,
    );
    if (rows.length > 0) yield rows.map((row) => row.line);
    if (rows.length === PAGE) after = rows[rows.length - 1]?.at as string;
    else {
      block += BLOCKS_PER_RANGE;
      after = end;
    }
  }
}
