import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/scratch-database.ts';
import { openDatabase } from './database.ts';

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
});
