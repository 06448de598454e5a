// A large import on the embedded database: its write-ahead log is given back after the commit, so
// a 22 MB file does not leave half a gigabyte of disk behind across a restart.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportView } from '#shared/api/imports.ts';
import { csvOf, csvRow } from '../../src/server/test/imports-api.ts';
import {
  createInstallation,
  type Installation,
  type RunningServer,
  signIn,
  sleep,
  startServer,
} from './server-process.ts';

const ROWS = 20_000;
const MB = 1024 * 1024;
/** What the embedded database may keep of its write-ahead log (its `max_wal_size`). */
const WAL_BOUND = 64 * MB;

const sizeOf = (dir: string): number =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => fs.statSync(path.join(dir, name)))
    .filter((stat) => stat.isFile())
    .reduce((sum, stat) => sum + stat.size, 0);

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database after a large import', () => {
  let installation: Installation;
  let server: RunningServer | undefined;

  const walSize = () => sizeOf(path.join(installation.dataDir, 'db', 'pg_wal'));

  beforeAll(async () => {
    installation = await createInstallation();
    server = await startServer(installation);
    const headers = await signIn(installation);
    const rows = Array.from({ length: ROWS }, (_, i) => csvRow({ eCertNumber: `DISK-${i}` }));
    const form = new FormData();
    form.append('file', new Blob([csvOf(rows)], { type: 'text/csv' }), 'people.csv');
    const uploaded = await fetch(`${installation.url}/api/imports`, { method: 'POST', headers, body: form });
    expect(uploaded.status).toBe(202);
    const { id } = (await uploaded.json()) as { id: string };
    const view = async () =>
      (await (await fetch(`${installation.url}/api/imports/${id}`, { headers })).json()) as ImportView;
    while ((await view()).status === 'checking') await sleep(200);
    const commit = await fetch(`${installation.url}/api/imports/${id}/commit`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ duplicates: 'skip' }),
    });
    expect(commit.status).toBe(202);
    for (;;) {
      const { status, created } = await view();
      if (status !== 'committing') {
        expect({ status, created }).toEqual({ status: 'done', created: ROWS });
        break;
      }
      await sleep(200);
    }
    // The staged rows go, and their space is given back, just after the import turns done.
    await sleep(3_000);
    await server.kill('SIGTERM');
    server = await startServer(installation);
  }, 300_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    installation?.remove();
  });

  it(`keeps at most ${WAL_BOUND / MB} MB of write-ahead log after a restart`, () => {
    expect(walSize()).toBeLessThanOrEqual(WAL_BOUND);
  });
});
