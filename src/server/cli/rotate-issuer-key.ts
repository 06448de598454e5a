import 'dotenv/config';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { resolveMasterSecret } from '../secrets.ts';

const SERVER_RUNNING =
  'The portal is running on this data folder; stop it first, then rotate the key and start it again.';

/**
 * PGlite is one process per data folder: while the server holds DATA_DIR/db.lock this command must
 * not open the database behind its back, so it refuses. PostgreSQL needs no lock: running instances
 * pick the new key up within a minute.
 */
function lockEmbeddedDatabase(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === undefined) throw new Error(SERVER_RUNNING);
    throw error;
  }
}

async function rotateKey(): Promise<string> {
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockEmbeddedDatabase(config.dataDir);
  try {
    const [{ openDatabase }, { rotateIssuerKey }] = await Promise.all([
      import('../db/database.ts'),
      import('../features/credentials/issuer-keys.ts'),
    ]);
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
    });
    try {
      const publicKey = await rotateIssuerKey(database.db, resolveMasterSecret(config));
      const pinned = config.issuerKeySeed
        ? '\nISSUER_KEY is set, so the portal keeps signing with that key until it is removed.'
        : '';
      return `New issuer key ${publicKey} signs from now on; earlier keys stay in the DID document.${pinned}`;
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

rotateKey().then(
  (line) => {
    console.log(line);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
