/**
 * Fills a database with N fictional person records for the benchmarks.
 *
 *   npx tsx bench/generate.ts --records 1000000 --target postgres://postgres@127.0.0.1:5432/ecert_bench
 *   npx tsx bench/generate.ts --records 200000 --target pglite:bench/.work/pglite-200k
 *
 * The app's migrations run first (so the schema and indexes are the product's own); rows go in
 * by `COPY` in batches (FROM STDIN on PostgreSQL, from a blob on PGlite), then the table is put in
 * the order the records were added, as a registry's grows. Prints and returns the time per
 * 100,000 rows, with indexes live and in the bulk phase.
 */
import { parseArgs } from 'node:util';
import { FAKE_COLUMNS, type FakeRow, fakePeople } from './lib/fake-people.ts';
import { describeTarget, type OpenTarget, openTarget, parseTarget, type Target } from './lib/target.ts';

export interface GenerateResult {
  records: number;
  rowsBefore: number;
  /** Seconds for the first 100,000 rows (or fewer, scaled) inserted with every index live. */
  secondsPer100kIndexed: number;
  /** Seconds per 100,000 rows of the bulk phase, with secondary indexes dropped. */
  secondsPer100kBulk: number[];
  /** Seconds to rebuild each dropped index after the bulk phase. */
  indexBuildSeconds: Record<string, number>;
  totalSeconds: number;
}

/** One CSV line; an empty unquoted field is NULL, a quoted one is text. */
const csvLine = (row: FakeRow) =>
  FAKE_COLUMNS.map((column) => {
    const value = row[column];
    return value === null ? '' : `"${value.replace(/"/g, '""')}"`;
  }).join(',');

async function insertBatch(target: OpenTarget, rows: FakeRow[]) {
  await target.copyCsv('person', FAKE_COLUMNS, `${rows.map(csvLine).join('\n')}\n`);
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * Rewrites the table in the order the records were added. A registry's table grows as records are
 * added, so its rows lie in that order; the generator makes them holder by holder, which would
 * scatter each month's records over the whole table. (CLUSTER needs an index over every row, and
 * the product's created-date indexes hold the live ones only.)
 */
async function putInAddedOrder(target: OpenTarget, log: (line: string) => void) {
  const started = performance.now();
  await target.query('create index person_added_order on person (created_at, id)');
  await target.query('cluster person using person_added_order');
  await target.query('drop index person_added_order');
  log(`  rows put in the order they were added in ${seconds(started).toFixed(1)} s`);
}
const INDEXED_PHASE_ROWS = 100_000;

/**
 * Inserts `records` rows: the first 100,000 with every index live (the figure a real import
 * sees), the rest with the secondary indexes dropped and rebuilt afterwards, the usual way to
 * load a million rows. The index definitions are read back from the catalog, so the rebuilt
 * indexes are exactly the migrations' ones.
 */
export async function generate(
  target: Target,
  options: {
    records: number;
    indexedRows?: number;
    batchSize?: number;
    seed?: number;
    log?: (line: string) => void;
  },
): Promise<GenerateResult> {
  const { records, batchSize = 20_000, seed, log = console.log } = options;
  const indexedRows = Math.min(records, options.indexedRows ?? INDEXED_PHASE_ROWS);
  const opened = await openTarget(target);
  try {
    const [before] = await opened.query<{ n: number }>('select count(*)::int as n from person');
    const rowsBefore = before?.n ?? 0;
    log(`${describeTarget(target)}: ${rowsBefore} rows before; inserting ${records.toLocaleString('en')}`);
    const started = performance.now();
    const rows = fakePeople(records, seed);
    const insertRows = async (count: number, onChunk?: (inserted: number) => void) => {
      let batch: FakeRow[] = [];
      let inserted = 0;
      const flush = async () => {
        await insertBatch(opened, batch);
        inserted += batch.length;
        batch = [];
        onChunk?.(inserted);
      };
      for (let i = 0; i < count; i++) {
        const next = rows.next();
        if (next.done) break;
        batch.push(next.value);
        if (batch.length === batchSize) await flush();
      }
      if (batch.length > 0) await flush();
      return inserted;
    };

    const indexedStarted = performance.now();
    await insertRows(indexedRows);
    const secondsPer100kIndexed = (seconds(indexedStarted) * INDEXED_PHASE_ROWS) / indexedRows;
    log(
      `  first ${indexedRows.toLocaleString('en')} rows with all indexes live: ${seconds(indexedStarted).toFixed(1)} s`,
    );

    const secondsPer100kBulk: number[] = [];
    const indexBuildSeconds: Record<string, number> = {};
    if (records > indexedRows) {
      const indexes = await opened.query<{ name: string; definition: string }>(
        `select indexname as name, indexdef as definition from pg_indexes
          where schemaname = 'public' and tablename = 'person' and indexname <> 'person_pkey'`,
      );
      for (const index of indexes) await opened.query(`drop index "${index.name}"`);
      let chunkStarted = performance.now();
      let lastReported = 0;
      await insertRows(records - indexedRows, (inserted) => {
        if (inserted - lastReported < 100_000) return;
        const chunk = seconds(chunkStarted);
        secondsPer100kBulk.push((chunk * 100_000) / (inserted - lastReported));
        log(
          `  ${(indexedRows + inserted).toLocaleString('en')} rows, last 100k in ${chunk.toFixed(1)} s (bulk)`,
        );
        lastReported = inserted;
        chunkStarted = performance.now();
      });
      await opened.query(`set maintenance_work_mem = '${target.kind === 'postgres' ? '1GB' : '256MB'}'`);
      await putInAddedOrder(opened, log);
      for (const index of indexes) {
        const indexStarted = performance.now();
        await opened.query(index.definition);
        indexBuildSeconds[index.name] = seconds(indexStarted);
        log(`  rebuilt ${index.name} in ${indexBuildSeconds[index.name]?.toFixed(1)} s`);
      }
    } else await putInAddedOrder(opened, log);
    // Fresh statistics, as autovacuum would eventually give them, so plans are the settled ones.
    await opened.query('vacuum analyze person');
    const totalSeconds = seconds(started);
    log(
      `inserted ${records.toLocaleString('en')} rows in ${totalSeconds.toFixed(1)} s, indexes and vacuum included`,
    );
    return {
      records,
      rowsBefore,
      secondsPer100kIndexed,
      secondsPer100kBulk,
      indexBuildSeconds,
      totalSeconds,
    };
  } finally {
    await opened.database.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      records: { type: 'string', default: '1000000' },
      target: { type: 'string', default: 'pglite:bench/.work/pglite' },
      seed: { type: 'string' },
      'indexed-rows': { type: 'string' },
    },
  });
  await generate(parseTarget(values.target), {
    records: Number(values.records),
    seed: values.seed ? Number(values.seed) : undefined,
    indexedRows: values['indexed-rows'] ? Number(values['indexed-rows']) : undefined,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
