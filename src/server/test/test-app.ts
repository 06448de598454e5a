import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';
import type { LogDestination } from '../logger.ts';
import type { ClientSourceFactory } from '../plugins/client.ts';
import { nextTurn } from './next-turn.ts';
import { createScratchDatabase } from './scratch-database.ts';

export interface TestApp {
  app: App;
  /** The database the app uses; closing it early is safe, `close()` will not close it twice. */
  database: Database;
  close(): Promise<void>;
}

/**
 * Builds the real app on a real, empty database: a fresh PostgreSQL database when
 * `DATABASE_URL` points at a server we may create databases on, otherwise in-memory PGlite.
 * `timeZone` sets the database's session time zone, for tests that SQL does not depend on it;
 * `logStream` receives the server's log lines (with LOG_LEVEL from `env`), for tests of what it logs;
 * `client` stands in for the built pages.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    timeZone,
    logStream,
    client,
  }: { timeZone?: string; logStream?: LogDestination; client?: ClientSourceFactory } = {},
): Promise<TestApp> {
  // Each app gets its own data folder (files, generated secrets), removed on close.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-api-test-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const adminUrl = process.env.DATABASE_URL;
  const scratch = adminUrl
    ? await createScratchDatabase(adminUrl, { timeZone, template: inject('postgresTemplate') || undefined })
    : null;

  let database: Database | undefined;
  let app: App | undefined;
  try {
    database = closeOnce(
      await openDatabase({
        databaseUrl: scratch?.url,
        poolSize: config.databasePoolSize,
        pgliteDir: 'memory://',
        pgliteImage: pgliteImage(),
      }),
    );
    // PGlite is one session: setting it there is setting it for the database.
    if (timeZone && database.kind === 'pglite')
      await database.db.execute(sql`select set_config('TimeZone', ${timeZone}, false)`);
    app = await buildApp({ config, database, logger: logStream !== undefined, logStream, client });
    await app.ready();
    sendOnItsOwnTurn(app);
  } catch (error) {
    // Whatever step failed, leave no open pool and no scratch database behind.
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const ready = { app, database };
  return {
    ...ready,
    close: async () => {
      try {
        await ready.app.close();
        await ready.database.close();
      } finally {
        await scratch?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Each injected request starts on a turn of the event loop of its own, as a request read from a
 * socket does. Calls made one after another could otherwise all run in one turn, which load
 * shedding rightly reads as a backlog that waited for the loop.
 */
function sendOnItsOwnTurn(app: App) {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<unknown>;
  app.inject = ((options: InjectOptions | string) => nextTurn().then(() => inject(options))) as App['inject'];
}

/** Rows in a table, so a test can show that a rejected request stored nothing. */
export async function countRows(database: Database, table: string): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as count from ${sql.identifier(table)}`);
  const rows = (result as unknown as { rows: { count: number }[] }).rows;
  return Number(rows[0]?.count);
}

let imageRead: Blob | undefined;

/**
 * The migrated image made once by global-setup.ts, read once per worker: PGlite copies a Blob's
 * bytes out (`arrayBuffer()`) and never changes it, so every app can start from the same one.
 */
export function pgliteImage(): Blob | undefined {
  const file = inject('pgliteImagePath');
  if (!file) return undefined;
  imageRead ??= new Blob([fs.readFileSync(file)]);
  return imageRead;
}

/** A test may close the database to simulate an outage; the harness then must not close it again. */
function closeOnce(database: Database): Database {
  let closing: Promise<void> | undefined;
  return {
    ...database,
    close: () => {
      closing ??= database.close();
      return closing;
    },
  };
}
