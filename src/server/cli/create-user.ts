import 'dotenv/config';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { newUserInput, roles } from '#shared/api/auth.ts';
import { loadConfig } from '../config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';

const USAGE = 'Usage: npm run user:create -- --email E --password P [--name N] [--role admin|staff]';
const SERVER_RUNNING =
  'The portal is running on this data folder; stop it first, or create the user from the dashboard (Users).';

/** A failure the operator reads as one line; nothing else is printed. */
class CliError extends Error {}

function readArgs(argv: string[]) {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch {
    throw new CliError(USAGE);
  }
  const { email, password, name, role = 'staff' } = values;
  if (typeof email !== 'string' || typeof password !== 'string') throw new CliError(USAGE);
  if (typeof role !== 'string' || !(roles as readonly string[]).includes(role)) throw new CliError(USAGE);
  // The same rules as the dashboard and the first-admin setup, checked before the database is opened.
  const parsed = newUserInput.safeParse({ email, password, role, name: name || email.split('@')[0] });
  if (!parsed.success) throw new CliError(parsed.error.issues[0]?.message ?? USAGE);
  return parsed.data;
}

/**
 * PGlite is one process per data folder: while the server holds DATA_DIR/db.lock this command must
 * not open the database behind its back, so it refuses. PostgreSQL needs no lock.
 */
function lockEmbeddedDatabase(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    // lockDataDir's only errors without an errno are "another live process holds the lock".
    if ((error as NodeJS.ErrnoException).code === undefined) throw new CliError(SERVER_RUNNING);
    throw error;
  }
}

async function createUser(argv: string[]): Promise<string> {
  const input = readArgs(argv);
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockEmbeddedDatabase(config.dataDir);
  try {
    // Loaded only now, so a mistyped command answers at once instead of after loading the database.
    const [{ openDatabase }, { createStaffUser }] = await Promise.all([
      import('../db/database.ts'),
      import('../features/users/create-staff-user.ts'),
    ]);
    // Runs the migrations too, so a fresh data folder works.
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
    });
    try {
      const created = await createStaffUser(database, input, null);
      return `Created ${created.role} user ${created.email}`;
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

createUser(process.argv.slice(2)).then(
  (line) => {
    console.log(line);
    process.exit(0);
  },
  (error: unknown) => {
    // CliError, AppError (duplicate, weak password) and ConfigError all carry one plain line.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
