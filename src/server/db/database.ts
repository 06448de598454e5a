import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config.ts';
import { fromProjectRoot } from '../project-root.ts';
import { loopTurns } from './loop-turns.ts';
import { type PgliteLocks, preparePgliteStatement } from './pglite-statement.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The rows of a raw SQL query. Both drivers answer `execute` with `{ rows }`, which Drizzle's shared
 * type does not say; the caller names the row shape its SQL selects.
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * `make(db)` once for each database and then the same value: for statements prepared with Drizzle's
 * `prepare`, which belong to the database they were built on.
 */
export function memoizedFor<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    const known = made.get(db);
    if (known) return known;
    const value = make(db);
    made.set(db, value);
    return value;
  };
}

/**
 * A statement prepared once by name, for the hottest lookups: each call only binds and executes.
 * Values and result columns travel as text, so the SQL casts what it returns to text.
 */
export type TextStatement = (values: (string | null)[]) => Promise<(string | null)[][]>;

/** `prepareText` on a pg pool (or anything with its `query`): named, so each connection plans it once. */
export const prepareOnPool =
  (pool: Pick<pg.Pool, 'query'>) =>
  (name: string, text: string): TextStatement =>
  async (values) =>
    (await pool.query<(string | null)[]>({ name, text, values, rowMode: 'array' })).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * `text` prepared as the statement `name`: on PostgreSQL once per pooled connection; on PGlite
   * through its wire protocol (pglite-statement.ts), since its own `query()` plans every call again.
   */
  prepareText(name: string, text: string): TextStatement;
  /** Resolves once the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Runs `work` unless another instance is running work under the same `key` (any 64-bit number
   * of the caller's own), which resolves to undefined: on PostgreSQL `work` gets one connection
   * holding a session advisory lock; PGlite belongs to one process, so `work` runs at once.
   */
  unlessRunningElsewhere<T>(key: bigint, work: (db: Db) => Promise<T>): Promise<T | undefined>;
  /**
   * PGlite only: what holds its one connection in a long transaction (an import being saved).
   * Every other query waits for it meanwhile, so the liveness check answers without asking.
   */
  heldBy?: string;
  /** Connections of the PostgreSQL pool (none for PGlite, one in-process session). */
  poolUse?(): { total: number; idle: number; waiting: number };
  /** Queries waiting their turn: for a connection of the pool, or for PGlite's one session. */
  queriesWaiting(): number;
  /**
   * How long the oldest hold still running has lasted, in ms: a connection taken from the pool, or
   * PGlite's one session in a query or transaction. 0 when none is held.
   */
  heldForMs(): number;
  close(): Promise<void>;
}

const migrationsFolder = fromProjectRoot('drizzle');

export interface OpenOptions {
  databaseUrl?: string;
  /** Connections kept to PostgreSQL (DATABASE_POOL_SIZE). */
  poolSize?: number;
  pgliteDir: string;
  /** A PGlite data folder image (`dumpDataDir`) to start from instead of running initdb. */
  pgliteImage?: Blob;
}

/**
 * Real PostgreSQL when a URL is given, otherwise embedded PGlite in `pgliteDir`
 * (`memory://` keeps it in memory). The same migrations run on both.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize)
    : await openPglite(options.pgliteDir, options.pgliteImage);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** The extensions the migrations create: trigram search, and btree_gist (0006 creates it, 0010 drops it). */
const pgliteExtensions = { pg_trgm, btree_gist };

/**
 * A migrated, empty PGlite data folder as an image. Starting from it skips initdb, which costs
 * seconds per database: the test harness makes one and gives every test app a copy. The template
 * databases go: nothing makes a database from them there, and they are half the image's files,
 * which each copy unpacks again.
 */
export async function createPgliteImage(): Promise<Blob> {
  const client = await PGlite.create('memory://', { extensions: pgliteExtensions });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    for (const template of ['template0', 'template1']) {
      await client.query(`alter database ${template} is_template false`);
      await client.query(`drop database ${template}`);
    }
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** Any 64-bit number the portal alone uses: the key of its migration lock. */
const MIGRATION_LOCK = 7_301_226_105_948_170_411n;

/**
 * Runs `work` on one connection holding the session advisory lock `key`. With `wait`, waits for a
 * session holding it; without, resolves to undefined at once while one does.
 */
async function holdingLock<T>(
  pool: pg.Pool,
  key: bigint,
  wait: boolean,
  work: (connection: pg.PoolClient) => Promise<T>,
): Promise<T | undefined> {
  const connection = await pool.connect();
  try {
    if (wait) await connection.query('select pg_advisory_lock($1)', [key.toString()]);
    else {
      const { rows } = await connection.query<{ taken: boolean }>(
        'select pg_try_advisory_lock($1) as taken',
        [key.toString()],
      );
      if (!rows[0]?.taken) return undefined;
    }
    try {
      return await work(connection);
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [key.toString()]);
    }
  } finally {
    connection.release();
  }
}

/**
 * Applies the migrations holding a session advisory lock on one connection, so that instances
 * starting together on an empty database apply them once: the others wait, then find them applied.
 */
const migrateAlone = (pool: pg.Pool) =>
  holdingLock(pool, MIGRATION_LOCK, true, (connection) =>
    migratePg(drizzlePg(connection), { migrationsFolder }),
  );

/**
 * No parallel plans: every statement here is a request's, and a request's parallel workers take the
 * cores that the other requests' statements are waiting for
 * (docs/decisions/0023-peoples-table-at-a-million.md).
 */
const SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0';

/**
 * How long database work runs back to back before the event loop gets a turn: PGlite's queries, or
 * what requests do with PostgreSQL's results. Node accepts one new connection a turn, so this also
 * bounds how fast a crowd of new visitors is let in.
 */
const DATABASE_WORK_PER_TURN_MS = 1;

/**
 * A pool whose query results are handed back in turns with the event loop: answers built from many
 * results arriving together would otherwise run back to back, with new connections waiting.
 * Drizzle sends every query outside a transaction through `Pool.query` (loop-turns.test.ts fails
 * on PostgreSQL if it stops); a transaction's own client is left as it is.
 */
class PoolTakingTurns extends pg.Pool {
  private readonly turns = loopTurns(DATABASE_WORK_PER_TURN_MS);

  // biome-ignore lint/suspicious/noExplicitAny: passes every one of pg's overloads through unchanged
  override query(...args: any[]): any {
    const result = (super.query as (...passed: unknown[]) => unknown)(...args);
    if (!(result instanceof Promise)) return result;
    return result.then((rows) => this.turns.take()?.then(() => rows) ?? rows);
  }
}

function openPostgres(url: string, poolSize = DEFAULT_DATABASE_POOL_SIZE) {
  const pool = new PoolTakingTurns({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    options: SESSION_SETTINGS,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const taken = new Map<pg.PoolClient, number>();
  pool.on('acquire', (client) => taken.set(client, Date.now()));
  pool.on('release', (_error, client) => taken.delete(client));
  pool.on('remove', (client) => taken.delete(client));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres' as const,
    prepareText: prepareOnPool(pool),
    migrate: () => migrateAlone(pool),
    unlessRunningElsewhere: <T>(key: bigint, work: (db: Db) => Promise<T>) =>
      holdingLock(pool, key, false, (connection) => work(drizzlePg(connection, { schema }) as unknown as Db)),
    ping: async () => {
      await pool.query('select 1');
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    queriesWaiting: () => pool.waitingCount,
    heldForMs: () => (taken.size === 0 ? 0 : Date.now() - Math.min(...taken.values())),
    close: () => pool.end(),
  };
}

/**
 * PGlite answers on the event loop, and hands its lock from one queued query to the next without
 * the loop turning: a backlog's queries would run back to back, no socket read and no timer fired
 * (the health check, load shedding) until the last. Each query takes its turn first (loop-turns.ts),
 * which yields only once the queries before it have run their share: yielding before every query
 * would cost the cheap ones much of their throughput. Counts the queries asking for the lock, to
 * say how many wait. Every query and transaction goes through the internal method replaced here,
 * and no public hook sees them all: docs/decisions/0008, pglite-turns.test.ts.
 */
function takeTurns(client: PGlite) {
  const locks = client as unknown as PgliteLocks;
  const runExclusive = locks._runExclusiveTransaction.bind(client);
  const turns = loopTurns(DATABASE_WORK_PER_TURN_MS);
  let asking = 0;
  let heldSince: number | undefined;
  locks._runExclusiveTransaction = async (fn) => {
    asking += 1;
    try {
      return await runExclusive(async () => {
        await turns.take();
        heldSince = Date.now();
        try {
          return await fn();
        } finally {
          heldSince = undefined;
        }
      });
    } finally {
      asking -= 1;
    }
  };
  return {
    // All but the one running.
    queriesWaiting: () => Math.max(0, asking - 1),
    heldForMs: () => (heldSince === undefined ? 0 : Date.now() - heldSince),
  };
}

/**
 * After a checkpoint PostgreSQL keeps the write-ahead log's files for reuse up to `max_wal_size`
 * (its default, 1 GB, is what a 100,000-row import left in the data folder). 64 MB bounds the disk
 * a large import leaves behind; the embedded database's one backend never checkpoints by log
 * volume, so this changes no checkpoint's timing.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
];

async function openPglite(dir: string, image?: Blob) {
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: pgliteExtensions,
    loadDataDir: image,
    startParams: PGLITE_START_PARAMS,
  });
  const { queriesWaiting, heldForMs } = takeTurns(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite' as const,
    queriesWaiting,
    heldForMs,
    prepareText: (name: string, text: string) => preparePgliteStatement(client, name, text),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    unlessRunningElsewhere: <T>(_key: bigint, work: (db: Db) => Promise<T>) => work(db),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
