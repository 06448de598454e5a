import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCommand } from '../../../scripts/build-server.mjs';
import { createLocalFileStore, fileKeyFor } from '../files/file-store.ts';
import { startS3 } from '../test/s3-server.ts';
import { pngImage, readStored, storedKeys } from '../test/upload-fixtures.ts';

const CLI = path.resolve(builtCommand('migrate-files'));

function migrate(env: Record<string, string>, args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? -1) : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
    );
  });
}

describe('npm run files:migrate -- --to s3', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-migrate-files-'));
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies the local files into the bucket once, and says how to switch over', async () => {
    const local = createLocalFileStore(path.join(dataDir, 'files'));
    const images = [await pngImage(50, 40), await pngImage(60, 40)];
    for (const image of images) await local.put(fileKeyFor(image, 'png'), image);
    const env = { ...s3.env, DATA_DIR: dataDir, FILE_STORE: 'local' };

    const first = await migrate(env, ['--to', 's3']);
    // stderr may carry the AWS SDK's notice that its 2027 releases need Node 22.
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Copied 2 files to the bucket ecert-files \(0 were there already\)\. Set FILE_STORE=s3/,
    );
    const bucket = s3.bucket;
    expect(await storedKeys(bucket)).toEqual(await storedKeys(local));
    for (const key of await storedKeys(local))
      expect(await readStored(bucket, key)).toEqual(await readStored(local, key));

    const again = await migrate(env, ['--to', 's3']);
    expect(again.stdout).toMatch(/^Copied 0 files .* \(2 were there already\)/);
  });

  it('refuses without --to s3 and names the usage', async () => {
    const refused = await migrate({ ...s3.env, DATA_DIR: dataDir }, []);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(/^Usage: npm run files:migrate -- --to s3/);
  });
});
