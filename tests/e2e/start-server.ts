// Starts the real built server for the browser tests on a fresh embedded database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir } from '../../src/server/db/data-dir-lock.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createStaffUser } from '../../src/server/features/users/create-staff-user.ts';
import { adminAccount, signInTestAccount, staffAccount } from './staff-accounts.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-e2e-'));
process.env.DATA_DIR = dataDir;
// The tests' baseURL: Better Auth accepts sign-in only from the public origin ("Invalid origin"
// otherwise), and the default public URL is http://localhost:PORT, not the 127.0.0.1 the tests open.
process.env.PUBLIC_URL ??= `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3000}`;
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanUp);

/**
 * The accounts the dashboard tests sign in with, made the way `npm run user:create` makes them
 * (src/server/cli/create-user.ts): the data folder's lock, the migrations, the product's own
 * createStaffUser. PGlite is one process per folder, so this closes the database and releases the
 * lock before the server opens it.
 */
async function createAccounts() {
  const unlock = lockDataDir(dataDir);
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      for (const account of [adminAccount, staffAccount, signInTestAccount])
        await createStaffUser(database, account, null);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

await createAccounts();
await import('../../src/server/main.ts');
