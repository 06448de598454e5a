import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buffer, text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../db/database.ts';
import { databaseErrorOf } from '../db/database-error.ts';
import type { FileStore } from '../files/file-store.ts';
import { putFiles } from '../files/put-files.ts';
import { openSecret } from '../seal-secret.ts';
import { recordBackupEvent } from './backup-audit.ts';
import { decryptArchive } from './backup-encryption.ts';
import {
  backupTables,
  MADE_AT_START,
  NOT_CARRIED,
  schemaVersion,
  type TableShape,
} from './database-tables.ts';
import { filePart, SECRET_NAME, tablePart } from './manifest.ts';
import { BackupRefused, type OpenedBackup, openBackup } from './open-backup.ts';

export interface RestoreTarget {
  database: Database;
  files: FileStore;
  dataDir: string;
  /** AUTH_SECRET of the installation restored into, if configured. */
  authSecret?: string;
  /** Replace what the installation holds instead of refusing a non-empty one. */
  force?: boolean;
  /** The passphrase the archive was encrypted with. */
  passphrase: string;
}

export interface RestoreSummary {
  createdAt: string;
  tables: Record<string, number>;
  files: number;
}

const BATCH = 500;

/** An archive decrypted into a private temporary folder and checked; `close` removes the folder. */
export interface OpenedArchive {
  backup: OpenedBackup;
  close(): void;
}

/**
 * An archive made by writeBackup (or any age file of such a ZIP), decrypted into a private
 * temporary folder and checked against its checksums: what can refuse it without the installation
 * it goes into, so an operator's wrong passphrase or damaged file is refused before any database
 * is opened.
 */
export async function openArchive(archive: string, passphrase: string): Promise<OpenedArchive> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-restore-'));
  const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true });
  try {
    const zip = path.join(folder, 'backup.zip');
    await decryptArchive(archive, passphrase, zip);
    const backup = await openBackup(zip);
    return {
      backup,
      close: () => {
        backup.close();
        removeFolder();
      },
    };
  } catch (error) {
    removeFolder();
    throw error;
  }
}

/** Restores an archive (openArchive, then restoreOpened). */
export async function restoreBackup(archive: string, target: RestoreTarget): Promise<RestoreSummary> {
  const opened = await openArchive(archive, target.passphrase);
  try {
    return await restoreOpened(opened.backup, target);
  } finally {
    opened.close();
  }
}

/**
 * Restores an opened archive. Everything else that can refuse it is checked first (schema, secret,
 * an empty installation); then the files are stored, then every table is loaded in one
 * transaction, so a failure leaves the database as it was (and takes back the files the store did
 * not hold before).
 */
export async function restoreOpened(
  backup: OpenedBackup,
  target: Omit<RestoreTarget, 'passphrase'>,
): Promise<RestoreSummary> {
  const { manifest } = backup;
  const { db } = target.database;
  const schema = await schemaVersion(db);
  if (schema.migrations !== manifest.schema.migrations)
    throw new BackupRefused(
      `The backup was made by a portal with ${manifest.schema.migrations} migrations and this one has ${schema.migrations}: restore it with the same version of the portal. Nothing was restored.`,
    );
  const tables = await backupTables(db);
  const missing = tables.map((t) => t.name).filter((name) => !(name in manifest.tables));
  if (missing.length > 0 || tables.length !== Object.keys(manifest.tables).length)
    throw new BackupRefused('The backup does not hold the tables this portal has. Nothing was restored.');
  const secret = await secretToUse(backup, target);
  if (!target.force) await refuseNonEmpty(db, tables);

  const created: string[] = [];
  const files = await storeFiles(backup, target.files, created);
  const counts = await loadTables(backup, db, tables).catch(async (error) => {
    // The files only this restore brought go with its rows: none is left without a record.
    for (const key of created) await target.files.delete(key);
    throw error;
  });
  if (secret.write) fs.writeFileSync(path.join(target.dataDir, SECRET_NAME), secret.value, { mode: 0o600 });
  return { createdAt: manifest.createdAt, tables: counts, files };
}

/** Stores every file of the archive one at a time; adds to `created` the keys the store did not hold. */
async function storeFiles(backup: OpenedBackup, files: FileStore, created: string[]) {
  let count = 0;
  for (const name of Object.keys(backup.manifest.parts)) {
    if (!name.startsWith(filePart(''))) continue;
    const data = await buffer(await backup.read(name));
    await putFiles(files, [{ key: name.slice(filePart('').length), data }], created);
    count += 1;
  }
  return count;
}

/** Every table in one transaction, so a failure leaves the database as it was. */
function loadTables(backup: OpenedBackup, db: Db, tables: TableShape[]) {
  const { manifest } = backup;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const emptied = [...tables.map((t) => t.name), ...NOT_CARRIED];
    await tx.execute(sql.raw(`truncate ${emptied.map((name) => `"${name}"`).join(', ')} cascade`));
    const loaded: Record<string, number> = {};
    await withIndexesBuiltAfter(tx, async () => {
      for (const table of tables) loaded[table.name] = await loadTable(tx, table, backup);
    });
    for (const [sequence, position] of Object.entries(manifest.sequences))
      await tx.execute(sql`select setval(${sequence}::regclass, ${position}::bigint)`);
    await recordBackupEvent(tx, {
      actor: null,
      action: 'restore',
      createdAt: manifest.createdAt,
      through: 'npm run restore',
    });
    return loaded;
  });
}

/**
 * Runs `load` with the indexes that only speed up reads dropped, then builds them again from their
 * definitions: one build from sorted rows instead of an entry written into each per inserted row.
 * Keys and unique indexes stay, so duplicates and foreign keys are checked as rows arrive. Inside
 * the restore's transaction, so a failure gives every index back with the rest.
 */
async function withIndexesBuiltAfter(tx: Db, load: () => Promise<void>) {
  const indexes = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`select quote_ident(c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relnamespace = 'public'::regnamespace and not i.indisunique
          and not exists (select from pg_constraint k where k.conindid = i.indexrelid)
        order by c.relname`,
  );
  if (indexes.length > 0)
    await tx.execute(sql.raw(`drop index ${indexes.map((index) => index.name).join(', ')}`));
  await load();
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
}

/** Loads one table's rows; a row the database refuses (a key twice, say) is named by its table. */
async function loadTable(tx: Db, table: TableShape, backup: OpenedBackup): Promise<number> {
  try {
    return await insertRows(tx, table, backup);
  } catch (error) {
    // The database's own words only: the query around them carries the rows.
    const refusal = databaseErrorOf(error);
    if (!refusal) throw error;
    throw new BackupRefused(
      `The database refused the backup's rows of table ${table.name} (${refusal.message}). Nothing was restored.`,
    );
  }
}

async function insertRows(tx: Db, table: TableShape, backup: OpenedBackup): Promise<number> {
  const columns = table.columns.map((column) => `"${column}"`).join(', ');
  const insert = (lines: string[]) =>
    tx.execute(
      sql`insert into ${sql.identifier(table.name)} (${sql.raw(columns)})
          select ${sql.raw(columns)} from json_populate_recordset(null::${sql.identifier(table.name)}, ${`[${lines.join(',')}]`}::json)`,
    );
  let rows = 0;
  let batch: string[] = [];
  for await (const line of readline.createInterface({ input: await backup.read(tablePart(table.name)) })) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length === BATCH) {
      await insert(batch);
      rows += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
  return rows + batch.length;
}

/**
 * The stored issuer key is sealed with the master secret. A generated secret travels in the archive
 * and is written into DATA_DIR, unless AUTH_SECRET is set: then it must be the one the key opens with.
 */
async function secretToUse(backup: OpenedBackup, target: Omit<RestoreTarget, 'passphrase'>) {
  const carried = backup.has(SECRET_NAME) ? (await text(await backup.read(SECRET_NAME))).trim() : null;
  const value = target.authSecret ?? carried ?? readIfPresent(path.join(target.dataDir, SECRET_NAME)) ?? '';
  const keys: { public_key_multibase: string; secret_key_sealed: string }[] = [];
  for await (const line of readline.createInterface({ input: await backup.read(tablePart('issuer_key')) }))
    if (line !== '') keys.push(JSON.parse(line));
  try {
    for (const key of keys) openSecret(value, key.secret_key_sealed, key.public_key_multibase);
  } catch {
    throw new BackupRefused(
      carried
        ? 'The backup carries its generated secret, which AUTH_SECRET here differs from: set AUTH_SECRET to the auth-secret file inside the archive, or unset it. Nothing was restored.'
        : 'The issuer key in the backup does not open with this AUTH_SECRET: set the AUTH_SECRET the backed-up installation used. Nothing was restored.',
    );
  }
  return { value, write: carried !== null && target.authSecret === undefined };
}

const readIfPresent = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null);

async function refuseNonEmpty(db: Db, tables: TableShape[]) {
  for (const table of tables) {
    if (MADE_AT_START.has(table.name)) continue;
    const [row] = await queryRows<{ any: boolean }>(
      db,
      sql`select exists (select from ${sql.identifier(table.name)}) as any`,
    );
    if (row?.any)
      throw new BackupRefused(
        `This installation already holds data (table ${table.name}); a backup restores into an empty one. Run it again with --force to replace everything here. Nothing was restored.`,
      );
  }
}
