import 'dotenv/config';
import { parseArgs } from 'node:util';
import { newUserInput, roles } from '#shared/api/auth.ts';
import { requireStrongPassword } from '../auth/require-strong-password.ts';
import { runOperatorCommand, withOperatorDatabase } from './operator-command.ts';

const USAGE = 'Usage: npm run user:create -- --email E --password P [--name N] [--role admin|staff|editor]';
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
  requireStrongPassword(parsed.data.password, 'password', [parsed.data.email, parsed.data.name]);
  return parsed.data;
}

async function createUser(argv: string[]): Promise<string> {
  const input = readArgs(argv);
  return withOperatorDatabase(SERVER_RUNNING, async (database) => {
    const { createStaffUser } = await import('../features/users/create-staff-user.ts');
    const created = await createStaffUser(database, input, null);
    return `Created ${created.role} user ${created.email}`;
  });
}

runOperatorCommand(() => createUser(process.argv.slice(2)));
