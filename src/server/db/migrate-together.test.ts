import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../features/demo/seed-demo.ts';
import { createLocalFileStore } from '../files/file-store.ts';
import { createScratchDatabase } from '../test/scratch-database.ts';
import { openDatabase } from './database.ts';
import { person } from './schema/index.ts';

const adminUrl = process.env.DATABASE_URL;
const journal = JSON.parse(
  fs.readFileSync(new URL('../../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
);

// PGlite is one process's own database; instances share only a PostgreSQL server.
describe.skipIf(!adminUrl)('instances starting together on an empty PostgreSQL database', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string);
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('apply each migration once, and all of them start', async () => {
    const opened = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: scratch.url, poolSize: 2, pgliteDir: '' })),
    );
    for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
    expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);

    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const applied = await client.query('select hash from drizzle.__drizzle_migrations');
      expect(applied.rowCount).toBe(journal.entries.length);
      expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
  });

  it('load the demo records at most once when they start together', async () => {
    const databases = await Promise.all(
      Array.from({ length: 3 }, () => openDatabase({ databaseUrl: scratch.url, poolSize: 2, pgliteDir: '' })),
    );
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-seed-together-'));
    try {
      const files = createLocalFileStore(root);
      const results = await Promise.all(databases.map((database) => seedDemoData(database.db, files)));
      const rows = await databases[0]?.db.$count(person);
      expect(results.filter((result) => result.seeded > 0)).toHaveLength(1);
      expect(results.reduce((sum, result) => sum + result.seeded, 0)).toBe(rows);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('run work kept to one instance there, and the next instance after it is done', async () => {
    const [first, second] = await Promise.all(
      Array.from({ length: 2 }, () => openDatabase({ databaseUrl: scratch.url, poolSize: 2, pgliteDir: '' })),
    );
    if (!first || !second) throw new Error('two instances expected');
    try {
      const key = 42n;
      let started = () => {};
      const firstStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      let finish = () => {};
      const held = first.unlessRunningElsewhere(key, () => {
        started();
        return new Promise<string>((resolve) => {
          finish = () => resolve('first');
        });
      });
      await firstStarted;
      expect(await second.unlessRunningElsewhere(key, async () => 'second')).toBeUndefined();
      finish();
      expect(await held).toBe('first');
      expect(await second.unlessRunningElsewhere(key, async () => 'second')).toBe('second');
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
