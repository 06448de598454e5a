import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtCommand } from '../../../scripts/build-server.mjs';
import { openDatabase } from '../db/database.ts';
import { issuerKey } from '../db/schema/credentials.ts';

const CLI = path.resolve(builtCommand('rotate-issuer-key'));

/** Runs the command as an operator would, on the embedded database of `dataDir`. */
function rotate(dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', ISSUER_KEY: '' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? -1) : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
    );
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-rotate-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run issuer:rotate-key on the embedded database', () => {
  // Two commands, each opening the embedded database in a process of its own: over two minutes
  // on a slow two-core machine busy with the rest of CI.
  it('adds a key that signs from now on, and refuses while the portal holds the data folder', async () => {
    const rotated = await rotate(dataDir);
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toMatch(/^New issuer key z6Mk\w+ signs from now on/);

    // This test process stands in for a running portal holding the lock.
    fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.pid));
    const refused = await rotate(dataDir);
    fs.rmSync(path.join(dataDir, 'db.lock'));
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(/^The portal is running on this data folder/);

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const keys = await database.db.select().from(issuerKey);
      expect(keys.map((key) => key.publicKeyMultibase)).toEqual([rotated.stdout.split(' ')[3]]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
