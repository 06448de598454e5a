import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../db/database.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { tablePages } from './write-backup.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
  const { db } = harness.database;
  // Narrow rows: one 512 kB range of blocks holds more than a page of 2,000. Wide rows: 600 of them
  // span about 200 blocks, several ranges.
  await db.execute(sql`create table pages_narrow (n int)`);
  await db.execute(sql`insert into pages_narrow select n from generate_series(1, 12000) n`);
  await db.execute(sql`delete from pages_narrow where n % 7 = 0`);
  await db.execute(sql`create table pages_wide (n int, pad text)`);
  await db.execute(sql`alter table pages_wide alter column pad set storage plain`);
  await db.execute(sql`insert into pages_wide select n, repeat('x', 2000) from generate_series(1, 600) n`);
});
afterAll(async () => {
  await harness?.close();
});

/** Every page the backup reads of `table`, inside one repeatable-read transaction as a backup does. */
const readPages = (table: string) =>
  harness.database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const pages: number[][] = [];
    for await (const page of tablePages(tx, table))
      pages.push(page.map((line) => (JSON.parse(line) as { n: number }).n));
    return pages;
  });

describe("a backup's read of a table", () => {
  it('gives every row once, in pages of at most 2,000, when a range of blocks holds more', async () => {
    const pages = await readPages('pages_narrow');
    const rows = pages.flat();
    expect(rows).toHaveLength(12000 - Math.floor(12000 / 7));
    expect(new Set(rows).size).toBe(rows.length);
    expect(Math.max(...pages.map((page) => page.length))).toBe(2000);
    expect(rows.every((n) => n % 7 !== 0)).toBe(true);
  });

  it('gives every row once when the rows span many ranges of blocks', async () => {
    const rows = (await readPages('pages_wide')).flat();
    expect(rows).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
  });

  it('reads each page from its range of blocks by row address, never the rest of the table sorted', async () => {
    const statements: SQL[] = [];
    const plans = await harness.database.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const recording = new Proxy(tx, {
        get: (target, property, receiver) =>
          property === 'execute'
            ? (query: SQL) => {
                statements.push(query);
                return target.execute(query);
              }
            : Reflect.get(target, property, receiver),
      });
      for await (const _page of tablePages(recording, 'pages_narrow'));
      // The first reads the table's size in blocks; each one after reads a page.
      const pageStatements = statements.slice(1);
      return Promise.all(
        pageStatements.map(async (query) =>
          (await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`))
            .map((row) => row['QUERY PLAN'])
            .join('\n'),
        ),
      );
    });
    expect(plans.length).toBeGreaterThan(1);
    for (const plan of plans) {
      // Bounded above too: a scan from the last row onwards would sort the rest of the table.
      expect(plan).toMatch(/Tid Range Scan[\s\S]*TID Cond: \(\(ctid > .+\) AND \(ctid < .+\)\)/);
      expect(plan).not.toContain('Seq Scan');
    }
  });
});
