import path from 'node:path';
import { type Config, loadConfig } from '../config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import type { Database } from '../db/database.ts';

/**
 * Opens the configured database for one operator command and closes it after, once the lock is
 * held and `beforeOpening` has done what it can without the database (its result goes to `work`).
 * PGlite is one process per data folder: while the server holds DATA_DIR/db.lock the command must
 * not open the database behind its back, so it refuses with `serverRunning`. PostgreSQL needs no
 * lock.
 */
export async function withOperatorDatabase<T, Prepared = undefined>(
  serverRunning: string,
  work: (database: Database, config: Config, prepared: Prepared) => Promise<T>,
  beforeOpening: () => Promise<Prepared> = async () => undefined as Prepared,
): Promise<T> {
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockEmbeddedDatabase(config.dataDir, serverRunning);
  try {
    // Refusals that need no database come before it is opened (and made, on a fresh folder).
    const prepared = await beforeOpening();
    // Loaded only now, so a mistyped command answers at once instead of after loading the database.
    const { openDatabase } = await import('../db/database.ts');
    // Runs the migrations too, so a fresh data folder works.
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
    });
    try {
      return await work(database, config, prepared);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

function lockEmbeddedDatabase(dataDir: string, serverRunning: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    // lockDataDir's only errors without an errno are "another live process holds the lock".
    if ((error as NodeJS.ErrnoException).code === undefined) throw new Error(serverRunning);
    throw error;
  }
}

/** Runs a command: its one line on stdout and exit 0, or the failure's one line on stderr and 1. */
export function runOperatorCommand(command: () => Promise<string>): void {
  command().then(
    (line) => {
      console.log(line);
      process.exit(0);
    },
    (error: unknown) => {
      // Errors here (usage, config, duplicate, weak password) carry one plain line each.
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
