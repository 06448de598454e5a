// The bench's generator stopped part way (as a ten-million-row load on a shared machine is) and run
// again: it continues from the rows already loaded, and the data set is the one an unbroken run makes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../bench/generate.ts';
import { fakePeople } from '../../bench/lib/fake-people.ts';
import { openTarget, type Target } from '../../bench/lib/target.ts';
import { createScratchDatabase } from '../../src/server/test/scratch-database.ts';

const databaseKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const RECORDS = 3_000;
const SEED = 42;
// Rows are dated back from `now`: a day later, a year's first day is the last day of the year before.
const NOW = Date.UTC(2026, 0, 1, 12);
const DAY_MS = 86_400_000;
const options = { records: RECORDS, indexedRows: 1_000, batchSize: 200, seed: SEED, now: NOW };
const scratches: { drop(): Promise<void> }[] = [];
const dirs: string[] = [];

async function freshTarget(): Promise<Target> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl);
    scratches.push(scratch);
    return { kind: 'postgres', url: scratch.url };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-generate-'));
  dirs.push(dir);
  return { kind: 'pglite', dataDir: dir };
}

/** Stops the run (as a kill would) when the generator reports reaching `line`. */
const stopAt = (line: string) => (logged: string) => {
  if (logged.includes(line)) throw new Error(`stopped at: ${logged}`);
};

async function contents(target: Target) {
  const opened = await openTarget(target);
  try {
    const rows = await opened.query<{ serial: string; fin: string }>(
      'select e_cert_number as serial, fin_number as fin from person order by e_cert_number',
    );
    const indexes = await opened.query<{ name: string }>(
      `select indexname as name from pg_indexes where schemaname = 'public' and tablename = 'person' order by 1`,
    );
    return { rows, indexes: indexes.map((index) => index.name) };
  } finally {
    await opened.database.close();
  }
}

afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`the bench generator, stopped and run again (${databaseKind})`, () => {
  it('continues from the rows loaded and ends with the data and indexes of an unbroken run', async () => {
    const unbroken = await freshTarget();
    await generate(unbroken, { ...options, log: () => {} });

    const stopped = await freshTarget();
    // Stopped after the rows loaded with indexes live, then again after CLUSTER, before the rebuild;
    // run again the next day, it dates the rest of its rows from the first run's time.
    await expect(generate(stopped, { ...options, log: stopAt('with all indexes live') })).rejects.toThrow(
      'stopped',
    );
    const nextDay = { ...options, now: NOW + DAY_MS };
    await expect(
      generate(stopped, { ...nextDay, log: stopAt('in the order they were added') }),
    ).rejects.toThrow('stopped');
    const resumed = await generate(stopped, { ...nextDay, log: () => {} });
    expect(resumed.resumedFromRows).toBe(RECORDS);

    const expected = [...fakePeople(RECORDS, SEED, NOW)].map((row) => row.e_cert_number).sort();
    const [want, got] = [await contents(unbroken), await contents(stopped)];
    expect(got.rows.map((row) => row.serial)).toEqual(expected);
    expect(got.rows).toEqual(want.rows);
    expect(got.indexes).toEqual(want.indexes);
    expect(got.indexes.length).toBeGreaterThan(10);

    // A finished data set is not made again.
    const again = await generate(stopped, { ...options, log: () => {} });
    expect(again.totalSeconds).toBe(resumed.totalSeconds);
  });
});
