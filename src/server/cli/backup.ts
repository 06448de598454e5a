import 'dotenv/config';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { askPassphrase } from './backup-passphrase.ts';
import { runOperatorCommand, withOperatorDatabase } from './operator-command.ts';

const USAGE = 'Usage: npm run backup -- [--out FILE.zip.age]';
const SERVER_RUNNING =
  'The portal is running on this data folder; stop it first, or download a backup from the dashboard (Backup, administrators).';

async function backup(argv: string[]): Promise<string> {
  let out: string | undefined;
  try {
    out = parseArgs({ args: argv, options: { out: { type: 'string' } }, strict: true }).values.out;
  } catch {
    throw new Error(USAGE);
  }
  const createdAt = new Date().toISOString();
  const file = out ?? `ecert-backup-${createdAt.replace(/[:.]/g, '-')}.zip.age`;
  const passphrase = await askPassphrase('backup');
  return withOperatorDatabase(SERVER_RUNNING, async (database, config) => {
    const { writeBackup } = await import('../backup/write-backup.ts');
    const { recordBackupEvent } = await import('../backup/backup-audit.ts');
    const { configuredFileStore } = await import('../files/configured-store.ts');
    const { resolveMasterSecret } = await import('../secrets.ts');
    await recordBackupEvent(database.db, {
      actor: null,
      action: 'download',
      createdAt,
      through: 'npm run backup',
    });
    const { stream, done } = await writeBackup(
      {
        database,
        files: configuredFileStore(config),
        generatedSecret: config.authSecret ? null : resolveMasterSecret(config),
      },
      { passphrase, createdAt },
    );
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
