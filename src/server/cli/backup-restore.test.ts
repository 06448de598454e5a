import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtCommand } from '../../../scripts/build-server.mjs';

const PASSPHRASE = 'operator passphrase for tests';

/** Runs `npm run backup` or `restore` as an operator would, on the embedded database of `dataDir`. */
function run(command: 'backup' | 'restore', args: string[], dataDir: string, passphrase?: string) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    AUTH_SECRET: '',
    BACKUP_PASSPHRASE: passphrase,
  };
  if (passphrase === undefined) delete env.BACKUP_PASSPHRASE;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [path.resolve(builtCommand(command)), ...args],
      { env },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? -1) : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
    );
    child.stdin?.end();
  });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-backup-cli-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('npm run backup and npm run restore on the embedded database', () => {
  it('encrypt with BACKUP_PASSPHRASE, and refuse without one or with a wrong one', async () => {
    const [source, target] = [path.join(work, 'source'), path.join(work, 'target')];
    const archive = path.join(work, 'nightly.zip.age');

    // No terminal to ask at, and no passphrase set: nothing is written.
    const unasked = await run('backup', ['--out', archive], source);
    expect(unasked).toMatchObject({ code: 1, stdout: '' });
    expect(unasked.stderr).toBe(
      'Set BACKUP_PASSPHRASE, or run this in a terminal to type the backup passphrase.',
    );
    const weak = await run('backup', ['--out', archive], source, 'too short');
    expect(weak.stderr).toBe('BACKUP_PASSPHRASE: The passphrase must have at least 12 characters.');
    expect(fs.existsSync(archive)).toBe(false);

    const made = await run('backup', ['--out', archive], source, PASSPHRASE);
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(/^Backed up \d+ rows in \d+ tables and 0 files to .*nightly\.zip\.age$/);
    expect(fs.readFileSync(archive).subarray(0, 21).toString()).toBe('age-encryption.org/v1');

    const wrong = await run('restore', [archive], target, 'another passphrase');
    expect(wrong).toMatchObject({
      code: 1,
      stderr: 'The passphrase does not open this backup. Nothing was restored.',
    });
    // Refused before the database is opened: the target's data folder holds no database.
    expect(fs.existsSync(path.join(target, 'db'))).toBe(false);
    const restored = await run('restore', [archive], target, PASSPHRASE);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(/^Restored the backup of \d{4}-.*audit_event: 1$/ms);
  }, 300_000);
});
