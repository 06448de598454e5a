// The restore drill's parts: an installation on the database asked for, one filled the way staff
// fill it, and what must be equal between a backed-up installation and its restore.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { backupTables } from '../backup/database-tables.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase, queryRows } from '../db/database.ts';
import { configuredFileStore } from '../files/configured-store.ts';
import type { FileStore } from '../files/file-store.ts';
import { checked, committed, csvOf, csvRow } from './imports-api.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { signInAs } from './staff-session.ts';
import { pgliteImage } from './test-app.ts';
import { multipartForm, personFields, personFiles, readStored, storedKeys } from './upload-fixtures.ts';

const DRILL_URL = 'https://certs.example.test';

export interface Installation {
  database: Database;
  files: FileStore;
  dataDir: string;
  authSecret?: string;
  /** The app on this installation, built when asked (after a restore, as a start would be). */
  start(): Promise<App>;
  close(): Promise<void>;
}

/** An empty installation: a fresh PostgreSQL database when `postgresUrl` is given, else PGlite. */
export async function emptyInstallation(postgresUrl: string | undefined, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-drill-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: DRILL_URL,
    VERIFY_POW: 'false',
    ...env,
  });
  const scratch = postgresUrl ? await createScratchDatabase(postgresUrl) : null;
  const database = await openDatabase({
    databaseUrl: scratch?.url,
    pgliteDir: 'memory://',
    pgliteImage: scratch ? undefined : pgliteImage(),
  });
  let app: App | undefined;
  const installation: Installation = {
    database,
    files: configuredFileStore(config),
    dataDir,
    authSecret: config.authSecret,
    async start() {
      app = await buildApp({ config, database, logger: false });
      await app.ready();
      return app;
    },
    async close() {
      await app?.close();
      await database.close();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return installation;
}

/** People with all four files, a renewal, a revoked record, an import and two staff accounts. */
export async function fill(app: App) {
  const staff = await signInAs(app, 'staff');
  const admin = await signInAs(app, 'admin');
  const inject = app.inject.bind(app);
  const people: string[] = [];
  for (let n = 0; n < 3; n++) {
    const payload = multipartForm({ ...personFields() }, await personFiles());
    const response = await inject({ method: 'POST', url: '/api/people', headers: staff.headers, payload });
    expect(response.statusCode, response.body).toBe(201);
    people.push(response.json().id);
  }
  const renewal = await inject({
    method: 'POST',
    url: '/api/renewals',
    headers: staff.headers,
    payload: personFields(),
  });
  expect(renewal.statusCode, renewal.body).toBe(201);
  const credential = async (id: string) =>
    (await inject({ url: `/api/certificates/${id}/credential` })).json();
  const [valid, revoked] = [await credential(people[0] as string), await credential(people[1] as string)];
  const revoke = await inject({
    method: 'POST',
    url: `/api/people/${people[1]}/revoke`,
    headers: staff.headers,
    payload: { reason: 'Issued in error' },
  });
  expect(revoke.statusCode, revoke.body).toBe(200);
  const api = { inject, staff } as unknown as Parameters<typeof checked>[0];
  const job = await checked(api, csvOf([csvRow(), csvRow()]));
  expect((await committed(api, job.id)).status).toBe('done');
  return { staff: staff.user.email, admin: admin.user.email, valid, revoked, revokedId: people[1] as string };
}

/** Every row of every table the backup holds, as text, in a stable order. */
export async function everyRow(database: Database): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of await backupTables(database.db)) {
    const lines = await queryRows<{ line: string }>(
      database.db,
      sql`select row_to_json(t)::text as line from ${sql.identifier(table.name)} t order by 1`,
    );
    rows[table.name] = lines.map((row) => row.line);
  }
  return rows;
}

/** Every stored file's bytes by key. */
export async function everyFile(files: FileStore): Promise<Map<string, Buffer>> {
  const bytes = new Map<string, Buffer>();
  for (const key of await storedKeys(files)) bytes.set(key, await readStored(files, key));
  return bytes;
}

/** Every index's definition: a restore builds some of them again and must leave each as it was. */
export async function everyIndex(database: Database): Promise<string[]> {
  const rows = await queryRows<{ definition: string }>(
    database.db,
    sql`select indexdef as definition from pg_indexes where schemaname = 'public' order by indexname`,
  );
  return rows.map((row) => row.definition);
}

/** Each index's object id by name: one built again has a new id, one kept keeps its own. */
export async function indexIds(database: Database): Promise<Record<string, number>> {
  const rows = await queryRows<{ name: string; id: number }>(
    database.db,
    sql`select indexrelname as name, indexrelid::int as id from pg_stat_user_indexes where schemaname = 'public'`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}
