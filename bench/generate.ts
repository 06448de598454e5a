/**
 * Fills a database with N fictional person records for the benchmarks.
 *
 *   npx tsx bench/generate.ts --records 1000000 --target postgres://postgres@127.0.0.1:5432/ecert_bench
 *   npx tsx bench/generate.ts --records 200000 --target pglite:bench/.work/pglite-200k
 *
 * The app's migrations run first (so the schema and indexes are the product's own); rows go in
 * by `COPY` in batches (FROM STDIN on PostgreSQL, from a blob on PGlite), the next batch made
 * while the last one loads, so memory holds two batches whatever N is. Then the table is put in
 * the order the records were added, as a registry's grows. Prints and returns the time per
 * 100,000 rows, with indexes live and in the bulk phase, and the generator's peak RSS.
 *
 * Progress is kept in the table `bench.generation`: run again with the same --records and a load
 * that was stopped continues from the rows already committed; a finished one is not redone.
 */
import { parseArgs } from 'node:util';
import { splitSearchRangesAlone } from '../src/server/features/people/search-ranges.ts';
import { FAKE_COLUMNS, type FakeRow, fakePeople } from './lib/fake-people.ts';
import { describeTarget, type OpenTarget, openTarget, parseTarget, type Target } from './lib/target.ts';

export interface GenerateResult {
  records: number;
  rowsBefore: number;
  /** Seconds for the first 100,000 rows (or fewer, scaled) inserted with every index live. */
  secondsPer100kIndexed: number;
  /** Seconds per 100,000 rows of the bulk phase, with secondary indexes dropped. */
  secondsPer100kBulk: number[];
  /** Seconds to put the rows in added order (CLUSTER). */
  clusterSeconds?: number;
  /** Seconds to rebuild each dropped index after the bulk phase. */
  indexBuildSeconds: Record<string, number>;
  vacuumSeconds?: number;
  /** Ranges the search was split into (each SEARCH_RANGE_SIZE people), and the seconds it took. */
  searchRanges?: number;
  searchRangeSeconds?: number;
  /** The generator's own peak resident memory (the database's is apart). */
  peakRssMb?: number;
  /** Rows found already loaded by an earlier, stopped run and not made again. */
  resumedFromRows?: number;
  totalSeconds: number;
}

/** One CSV line; an empty unquoted field is NULL, a quoted one is text. */
const csvLine = (row: FakeRow) =>
  FAKE_COLUMNS.map((column) => {
    const value = row[column];
    return value === null ? '' : `"${value.replace(/"/g, '""')}"`;
  }).join(',');

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Settings for one session's index builds: memory to sort in, and one helper (2 cores, shared). */
const maintenanceSettings = (target: Target) => [
  `set maintenance_work_mem = '${target.kind === 'postgres' ? '1GB' : '256MB'}'`,
  'set max_parallel_maintenance_workers = 1',
];

/**
 * Rewrites the table in the order the records were added. A registry's table grows as records are
 * added, so its rows lie in that order; the generator makes them holder by holder, which would
 * scatter each month's records over the whole table. (CLUSTER needs an index over every row, and
 * the product's created-date indexes hold the live ones only.)
 */
async function putInAddedOrder(target: Target, opened: OpenTarget, log: (line: string) => void) {
  const started = performance.now();
  await opened.session(async (query) => {
    for (const setting of maintenanceSettings(target)) await query(setting);
    await query('create index if not exists person_added_order on person (created_at, id)');
    await query('cluster person using person_added_order');
    await query('drop index person_added_order');
  });
  log(`  rows put in the order they were added in ${seconds(started).toFixed(1)} s`);
  return seconds(started);
}
const INDEXED_PHASE_ROWS = 100_000;

interface Progress {
  records: number;
  /** The time the rows are dated back from: a resumed run makes the rows the first run would have. */
  now?: number;
  state: 'loading' | 'ordered' | 'done';
  indexes: { name: string; definition: string }[];
  result: GenerateResult;
}

async function readProgress(opened: OpenTarget): Promise<Progress | undefined> {
  // A schema of its own: the product's backup copies every table of `public`, and its restore
  // refuses an archive with a table the portal does not have.
  await opened.query('create schema if not exists bench');
  await opened.query(
    'create table if not exists bench.generation (id int primary key, progress jsonb not null)',
  );
  const [row] = await opened.query<{ progress: Progress }>(
    'select progress from bench.generation where id = 1',
  );
  return row?.progress;
}

const saveProgress = (opened: OpenTarget, progress: Progress) =>
  opened.query(
    `insert into bench.generation (id, progress) values (1, $1)
       on conflict (id) do update set progress = excluded.progress`,
    [JSON.stringify(progress)],
  );

/** The generator's peak RSS, sampled as it runs (a batch is the unit it could grow by). */
function rssSampler() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 250);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(Math.max(peak, process.memoryUsage.rss()) / 1024 / 1024);
    },
  };
}

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
    /** The time the rows are dated back from (default: now); a resumed run keeps the first run's. */
    now?: number;
    log?: (line: string) => void;
  },
): Promise<GenerateResult> {
  const { records, batchSize = 20_000, seed, log = console.log } = options;
  const indexedRows = Math.min(records, options.indexedRows ?? INDEXED_PHASE_ROWS);
  const opened = await openTarget(target);
  const rss = rssSampler();
  try {
    const saved = await readProgress(opened);
    if (saved?.state === 'done' && saved.records === records) {
      log(`${describeTarget(target)}: already holds the ${records.toLocaleString('en')} generated rows`);
      return saved.result;
    }
    const resuming = saved?.records === records ? saved : undefined;
    const [before] = await opened.query<{ n: number }>('select count(*)::int as n from person');
    const rowsBefore = resuming ? resuming.result.rowsBefore : (before?.n ?? 0);
    const loaded = resuming ? (before?.n ?? 0) - rowsBefore : 0;
    log(
      `${describeTarget(target)}: ${before?.n} rows before; ${resuming ? `resuming at ${loaded.toLocaleString('en')} of` : 'inserting'} ${records.toLocaleString('en')}`,
    );
    const started = performance.now();
    const result: GenerateResult = resuming?.result ?? {
      records,
      rowsBefore,
      secondsPer100kIndexed: 0,
      secondsPer100kBulk: [],
      indexBuildSeconds: {},
      totalSeconds: 0,
    };
    if (resuming) result.resumedFromRows = loaded;
    const now = resuming?.now ?? options.now ?? Date.now();
    const rows = fakePeople(records, seed, now);
    // Rows an earlier run committed are made again (the stream is deterministic) but not sent.
    for (let i = 0; i < loaded; i++) rows.next();
    const insertRows = async (count: number, onChunk?: (inserted: number) => void) => {
      let inserted = 0;
      let loading: Promise<void> = Promise.resolve();
      while (inserted < count) {
        const lines: string[] = [];
        for (let next = rows.next(); !next.done; next = rows.next()) {
          lines.push(csvLine(next.value));
          if (lines.length === Math.min(batchSize, count - inserted)) break;
        }
        if (lines.length === 0) break;
        await loading;
        inserted += lines.length;
        const done = inserted;
        loading = opened.copyCsv('person', FAKE_COLUMNS, `${lines.join('\n')}\n`).then(() => onChunk?.(done));
      }
      await loading;
      return inserted;
    };

    let progress: Progress = resuming ?? { records, now, state: 'loading', indexes: [], result };
    await saveProgress(opened, progress);
    let inDb = loaded;
    if (inDb < indexedRows) {
      const indexedStarted = performance.now();
      inDb += await insertRows(indexedRows - inDb);
      result.secondsPer100kIndexed = (seconds(indexedStarted) * INDEXED_PHASE_ROWS) / (indexedRows - loaded);
      log(
        `  first ${indexedRows.toLocaleString('en')} rows with all indexes live: ${seconds(indexedStarted).toFixed(1)} s`,
      );
    }
    if (records > indexedRows && progress.state === 'loading') {
      if (progress.indexes.length === 0) {
        progress.indexes = await opened.query<{ name: string; definition: string }>(
          `select indexname as name, indexdef as definition from pg_indexes
            where schemaname = 'public' and tablename = 'person' and indexname <> 'person_pkey'`,
        );
        // Saved before they go, so a stopped run rebuilds them all.
        await saveProgress(opened, progress);
      }
      for (const index of progress.indexes) await opened.query(`drop index if exists "${index.name}"`);
    }
    const alreadyIn = inDb;
    if (progress.state === 'loading') {
      let chunkStarted = performance.now();
      let lastReported = 0;
      await insertRows(records - alreadyIn, (inserted) => {
        if (inserted - lastReported < 100_000) return;
        const chunk = seconds(chunkStarted);
        result.secondsPer100kBulk.push((chunk * 100_000) / (inserted - lastReported));
        log(
          `  ${(alreadyIn + inserted).toLocaleString('en')} rows, last 100k in ${chunk.toFixed(1)} s (bulk), rss ${Math.round(process.memoryUsage.rss() / 1024 / 1024)} MB`,
        );
        lastReported = inserted;
        chunkStarted = performance.now();
      });
      result.clusterSeconds = await putInAddedOrder(target, opened, log);
      progress = { ...progress, state: 'ordered' };
      await saveProgress(opened, progress);
    }
    await opened.session(async (query) => {
      for (const setting of maintenanceSettings(target)) await query(setting);
      for (const index of progress.indexes) {
        if (result.indexBuildSeconds[index.name] !== undefined) continue;
        const indexStarted = performance.now();
        await query(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
        result.indexBuildSeconds[index.name] = seconds(indexStarted);
        log(`  rebuilt ${index.name} in ${result.indexBuildSeconds[index.name]?.toFixed(1)} s`);
        await saveProgress(opened, progress);
      }
      // Fresh statistics and visibility map, as autovacuum would eventually give them, so plans
      // (index-only scans included) are the settled ones.
      const vacuumStarted = performance.now();
      await query('vacuum analyze person');
      result.vacuumSeconds = seconds(vacuumStarted);
    });
    // The search's ranges, as the portal's hourly split would make them of these rows.
    const rangesStarted = performance.now();
    result.searchRanges = (await splitSearchRangesAlone(opened.database)) ?? 0;
    result.searchRangeSeconds = seconds(rangesStarted);
    log(`  split the search into ${result.searchRanges} ranges in ${result.searchRangeSeconds.toFixed(1)} s`);
    result.totalSeconds = (resuming?.result.totalSeconds ?? 0) + seconds(started);
    result.peakRssMb = Math.max(resuming?.result.peakRssMb ?? 0, rss.stop());
    await saveProgress(opened, { ...progress, state: 'done', result });
    log(
      `inserted ${records.toLocaleString('en')} rows in ${result.totalSeconds.toFixed(1)} s, indexes and vacuum included; generator peak RSS ${result.peakRssMb} MB`,
    );
    return result;
  } finally {
    rss.stop();
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
