import 'dotenv/config';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { runOperatorCommand, withOperatorDatabase } from './operator-command.ts';

const USAGE = 'Usage: npm run backup -- [--out FILE.zip]';
const SERVER_RUNNING =
  'The portal is running on this data folder; stop it first, or download a backup from the dashboard (Backup, administrators).';

async function backup(argv: string[]): Promise<string> {
  let out: string | undefined;
  try {
    out = parseArgs({ args: argv, options: { out: { type: 'string' } }, strict: true }).values.out;
  } catch {
    throw new Error(USAGE);
  }
  const file = out ?? `ecert-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.zip`;
  return withOperatorDatabase(SERVER_RUNNING, async (database, config) => {
    const { writeBackup } = await import('../backup/write-backup.ts');
    const { configuredFileStore } = await import('../files/configured-store.ts');
    const { resolveMasterSecret } = await import('../secrets.ts');
    const { stream, done } = writeBackup({
      database,
      files: configuredFileStore(config),
      generatedSecret: config.authSecret ? null : resolveMasterSecret(config),
    });
    // Written under a temporary name, so a failed backup never looks like a finished one.
    const partial = `${file}.partial`;
    try {
      const [manifest] = await Promise.all([done, pipeline(stream, fs.createWriteStream(partial))]);
      fs.renameSync(partial, file);
      const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
      return `Backed up ${rows} rows in ${Object.keys(manifest.tables).length} tables and ${manifest.files} files to ${file}`;
    } catch (error) {
      fs.rmSync(partial, { force: true });
      throw error;
    }
  });
}

runOperatorCommand(() => backup(process.argv.slice(2)));
