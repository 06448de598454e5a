import 'dotenv/config';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { OpenedArchive } from '../backup/restore-backup.ts';
import { askPassphrase } from './backup-passphrase.ts';
import { runOperatorCommand, withOperatorDatabase } from './operator-command.ts';

const USAGE = 'Usage: npm run restore -- FILE.zip.age [--force]';
const SERVER_RUNNING = 'The portal is running on this data folder; stop it before restoring into it.';

function readArgs(argv: string[]) {
  try {
    const options = { force: { type: 'boolean' } } as const;
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { force: values.force === true, positionals };
  } catch {
    throw new Error(USAGE);
  }
}

async function restore(argv: string[]): Promise<string> {
  const { force, positionals } = readArgs(argv);
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new Error(USAGE);
  if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`);
  const passphrase = await askPassphrase('restore');
  const { openArchive, restoreOpened } = await import('../backup/restore-backup.ts');
  let opened: OpenedArchive | undefined;
  try {
    return await withOperatorDatabase(
      SERVER_RUNNING,
      async (database, config, archive) => {
        const { configuredFileStore } = await import('../files/configured-store.ts');
        const summary = await restoreOpened(archive.backup, {
          database,
          files: configuredFileStore(config),
          dataDir: config.dataDir,
          authSecret: config.authSecret,
          force,
        });
        const tables = Object.entries(summary.tables).map(([name, rows]) => `  ${name}: ${rows}`);
        return [
          `Restored the backup of ${summary.createdAt}: ${summary.files} files, and rows per table:`,
          ...tables,
        ].join('\n');
      },
      // Decrypted and checked before the database is opened: a wrong passphrase or a damaged file
      // leaves the data folder's database as it was, and is told at once.
      async () => {
        opened = await openArchive(file, passphrase);
        return opened;
      },
    );
  } finally {
    opened?.close();
  }
}

runOperatorCommand(() => restore(process.argv.slice(2)));
