/**
 * Fills a database with N fictional person records for the benchmarks.
 *
 *   npx tsx bench/generate.ts --records 1000000 --target postgres://postgres@127.0.0.1:5432/ecert_bench
 *   npx tsx bench/generate.ts --records 200000 --target pglite:bench/.work/pglite-200k
 *
 * The app's migrations run first (so the schema and indexes are the product's own); rows go in
 * by `COPY` in batches (FROM STDIN on PostgreSQL, from a blob on PGlite). Prints and returns the time per
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
          where schemaname = 'public' and tablename in ('person', 'person_live_search')
            and indexname not in ('person_pkey', 'person_live_search_pkey')`,
      );
      for (const index of indexes) await opened.query(`drop index "${index.name}"`);
      // The search chunks are cut once after the load, as the indexes are built: kept row by row
      // they would be cut again and again, and without the indexes each cut reads the table. The
      // same trigger lists the punctuation months and writes person_live_search, both also filled
      // once after the load.
      await opened.query('alter table person disable trigger person_search_insert');
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
      const searchRowsStarted = performance.now();
      // All live people, as the migration does (those of the first phase are written again).
      await opened.query(
        'select person_live_search_add(array(select id from person where deleted_at is null))',
      );
      indexBuildSeconds.person_live_search = seconds(searchRowsStarted);
      log(`  filled person_live_search in ${indexBuildSeconds.person_live_search.toFixed(1)} s`);
      await opened.query(`set maintenance_work_mem = '${target.kind === 'postgres' ? '1GB' : '256MB'}'`);
      for (const index of indexes) {
        const indexStarted = performance.now();
        await opened.query(index.definition);
        indexBuildSeconds[index.name] = seconds(indexStarted);
        log(`  rebuilt ${index.name} in ${indexBuildSeconds[index.name]?.toFixed(1)} s`);
      }
      const chunksStarted = performance.now();
      await opened.query('select person_search_chunk_rebuild_all()');
      indexBuildSeconds.person_search_chunk = seconds(chunksStarted);
      log(`  cut person_search_chunk in ${indexBuildSeconds.person_search_chunk.toFixed(1)} s`);
      const monthsStarted = performance.now();
      // All live people, as the migration does: those of the first phase are already listed.
      await opened.query(
        'select person_search_punctuation_add(array(select id from person where deleted_at is null))',
      );
      await opened.query('alter table person enable trigger person_search_insert');
      indexBuildSeconds.person_search_punctuation = seconds(monthsStarted);
      log(
        `  listed person_search_punctuation in ${indexBuildSeconds.person_search_punctuation.toFixed(1)} s`,
      );
    }
    // Fresh statistics, as autovacuum would eventually give them, so plans are the settled ones.
    await opened.query(
      'vacuum analyze person, person_live_search, person_search_chunk, person_search_punctuation',
    );
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
