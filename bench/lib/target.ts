import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '#server/db/database.ts';

const pgQuery = pg.Query;

/** Where the benchmark data lives: a PGlite data folder or a PostgreSQL URL. */
export type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export const describeTarget = (target: Target) =>
  target.kind === 'pglite' ? `PGlite in ${target.dataDir}` : `PostgreSQL ${redact(target.url)}`;

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** `pglite:<dir>` or a `postgres://` URL. */
export function parseTarget(value: string): Target {
  if (/^postgres(ql)?:\/\//.test(value)) return { kind: 'postgres', url: value };
  if (value.startsWith('pglite:')) return { kind: 'pglite', dataDir: path.resolve(value.slice(7)) };
  throw new Error(`--target must be pglite:<data dir> or postgres://...; got ${value}`);
}

/** The server's environment for this target: DATA_DIR for PGlite, DATABASE_URL for PostgreSQL. */
export const targetEnv = (target: Target, scratchDir: string): Record<string, string> =>
  target.kind === 'pglite'
    ? { DATA_DIR: target.dataDir }
    : { DATA_DIR: scratchDir, DATABASE_URL: target.url };

/** A raw query function over the driver under Drizzle, for bulk loads and EXPLAIN. */
type RawQuery = <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;

export interface OpenTarget {
  database: Database;
  query: RawQuery;
  /** `COPY <table> (<columns>) FROM` CSV text: STDIN on PostgreSQL, a blob on PGlite. */
  copyCsv(table: string, columns: readonly string[], csv: string): Promise<void>;
  /** Runs `work` on one connection, so a `set` (e.g. maintenance_work_mem) holds for its statements. */
  session<T>(work: (query: RawQuery) => Promise<T>): Promise<T>;
}

type CopyConnection = { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void };

/**
 * `COPY ... FROM STDIN` over pg without pg-copy-streams: a query whose answer to the server's
 * CopyInResponse is the data, sent as one CopyData message, then CopyDone.
 */
class CopyFromText extends pgQuery {
  constructor(
    text: string,
    private readonly data: Buffer,
    done: (error: Error | undefined) => void,
  ) {
    super(text, done);
  }
  handleCopyInResponse(connection: CopyConnection) {
    connection.sendCopyFromChunk(this.data);
    connection.endCopyFrom();
  }
}

async function copyIntoPostgres(pool: pg.Pool, statement: string, csv: string) {
  const client = await pool.connect();
  try {
    await new Promise<void>((resolve, reject) => {
      client.query(
        new CopyFromText(statement, Buffer.from(csv), (error) => (error ? reject(error) : resolve())),
      );
    });
  } finally {
    client.release();
  }
}

/** Opens the target the way the server does (running the app's migrations) and exposes its driver. */
export async function openTarget(target: Target): Promise<OpenTarget> {
  const database = await openDatabase(
    target.kind === 'pglite'
      ? { pgliteDir: path.join(target.dataDir, 'db') }
      : { databaseUrl: target.url, pgliteDir: '' },
  );
  // Drizzle keeps the driver it wraps as `$client`: a pg.Pool or a PGlite instance.
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  const query: RawQuery = async <R>(text: string, params: unknown[] = []) =>
    target.kind === 'postgres'
      ? ((await (client as pg.Pool).query(text, params)).rows as R[])
      : ((await (client as PGlite).query(text, params)).rows as R[]);
  const copyCsv = async (table: string, columns: readonly string[], csv: string) => {
    const into = `copy ${table} (${columns.join(', ')})`;
    if (target.kind === 'postgres')
      return copyIntoPostgres(client as pg.Pool, `${into} from stdin with (format csv)`, csv);
    // PGlite has no STDIN: it reads COPY input from a blob it maps to /dev/blob.
    await (client as PGlite).query(`${into} from '/dev/blob' with (format csv)`, [], {
      blob: new Blob([csv]),
    });
  };
  const session = async <T>(work: (query: RawQuery) => Promise<T>) => {
    if (target.kind === 'pglite') return work(query);
    const connection = await (client as pg.Pool).connect();
    try {
      return await work(
        async <R>(text: string, params: unknown[] = []) => (await connection.query(text, params)).rows as R[],
      );
    } finally {
      connection.release();
    }
  };
  return { database, query, copyCsv, session };
}
