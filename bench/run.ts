/**
 * `npm run bench`: the performance budgets (bench/README.md), measured on this machine.
 *
 *   npm run bench                                   everything (about an hour on 2 cores)
 *   npm run bench -- --stages front                 only the front-end budget and Lighthouse
 *   npm run bench -- --pglite-records 20000 --pg-records 20000 --runs 1 --seconds 5   a quick try
 *   npm run bench -- --stages postgres --only verify --redis-url redis://127.0.0.1:6379/14   limits in Redis
 *   npm run bench -- --stages pglite,postgres --only surge   goodput under a surge, load shedding as shipped
 *   npm run bench -- --stages import-load           health and staff list during a 500,000-row import
 *   npm run bench -- --stages postgres --pg-records 10000000 --pg-database tenm_bench_10m \
 *     --keep-data --resume --out bench/results/<date>-registry-10m.json   ten million, resumable
 *
 * Data is generated into bench/.work (PGlite) and a scratch PostgreSQL database, both removed at
 * the end unless --keep-data. Results go to bench/results/<date>.json (or --out), rewritten as each
 * stage is measured; with --resume, the stages that file already holds are not run again, and a
 * generation that was stopped continues from the rows already loaded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchCredentials, benchStatusListsOf } from './credentials.ts';
import { generate } from './generate.ts';
import { benchBackupRestore } from './lib/backup-bench.ts';
import { benchBulk } from './lib/bulk-bench.ts';
import { explainQueries } from './lib/explain.ts';
import { benchFrontEnd } from './lib/front-end.ts';
import { BENCH_AUTH_SECRET, benchHttp, type HttpBenchOptions } from './lib/http-bench.ts';
import { benchImportLoad } from './lib/import-load-bench.ts';
import { measureSizes } from './lib/registry-size.ts';
import { benchSearchMixes } from './lib/search-mix-rounds.ts';
import { createSnapshot } from './lib/snapshot.ts';
import { summarize } from './lib/summary.ts';
import { benchSurge } from './lib/surge-bench.ts';
import type { Target } from './lib/target.ts';

const { values: args } = parseArgs({
  options: {
    stages: { type: 'string', default: 'pglite,postgres,import-load,front,credentials' },
    'pglite-records': { type: 'string', default: '200000' },
    'pg-records': { type: 'string', default: '1000000' },
    'pg-admin-url': {
      type: 'string',
      default: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    'public-connections': { type: 'string', default: '50' },
    'staff-connections': { type: 'string', default: '5' },
    'lighthouse-runs': { type: 'string', default: '5' },
    'keep-data': { type: 'boolean', default: false },
    resume: { type: 'boolean', default: false },
    'pg-database': { type: 'string', default: 'ecert_bench' },
    // The servers listen on this port and the few above it; benches sharing a machine give each its own.
    'port-base': { type: 'string', default: '3900' },
    'mix-rounds': { type: 'string', default: '3' },
    'status-lookups': { type: 'string', default: '1000' },
    'cpu-prof': { type: 'boolean', default: false },
    // Verification then counts every client in this Redis (a limit on, never reached), as with N instances.
    'redis-url': { type: 'string' },
    only: { type: 'string' },
    // Steps of a stage not to run (e.g. `surge`, which takes its own half hour).
    skip: { type: 'string' },
    'import-rows': { type: 'string', default: '100000' },
    // The surge (`--only surge`): closed loop at these connection counts, then open loop at
    // multiples of the capacity measured there, for verification and the staff list.
    'surge-connections': { type: 'string', default: '10,50,200,1000' },
    'surge-seconds': { type: 'string', default: '8' },
    'surge-rounds': { type: 'string', default: '1' },
    'surge-multiples': { type: 'string', default: '2,5' },
    'surge-open-seconds': { type: 'string', default: '30' },
    /** The open loop's arrivals as multiples of this rate, not of the capacity measured: to compare builds. */
    'surge-capacity': { type: 'string' },
    /** Only these surge routes (verify, staff-list); all by default. */
    'surge-routes': { type: 'string' },
    /** The surge's two servers listen here and on the next port (default 3906 on PGlite, 3908 on PostgreSQL). */
    'surge-port': { type: 'string' },
    'import-load-rows': { type: 'string', default: '500000' },
    'poll-rate': { type: 'string', default: '5' },
    // The import-load stage's server port: machines shared by several benches give each its own.
    'import-load-port': { type: 'string', default: '3904' },
    // The front end's server port; the page visitors come from and the empty page use the next.
    'front-port': { type: 'string', default: '3901' },
    out: { type: 'string' },
  },
});

const workDir = path.resolve('bench/.work');
const portBase = Number(args['port-base']);
const started = new Date();
const out = args.out ?? path.join('bench/results', `${started.toISOString().slice(0, 10)}.json`);
/** What is measured so far: with --resume, what an earlier run of the same --out measured. */
const results: Record<string, unknown> =
  args.resume && fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : {};
/** Writes what is measured so far, so a stopped run loses at most the stage it was in. */
function saveResults(complete: boolean) {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ ...results, complete }, null, 2)}\n`);
}
const stages = new Set(args.stages.split(','));
const log = (line: string) => console.log(line);
const snapshot = createSnapshot();
const only = args.only?.split(',');
// `bulk` (import and export) and `surge` run after the HTTP scenarios, on servers of their own;
// the other steps of NOT_HTTP need no server of the bench's.
const skip = args.skip?.split(',') ?? [];
const wants = (name: string) => (!only || only.includes(name)) && !skip.includes(name);
const NOT_HTTP = ['bulk', 'surge', 'mixes', 'status-lists', 'plans', 'sizes', 'backup'];
const wantsHttp = !only || only.some((name) => !NOT_HTTP.includes(name));
const bulkOptions = (port: number) => ({
  appDir: snapshot.dir,
  workDir,
  port,
  importRows: Number(args['import-rows']),
  log,
});
const surgeOptions = (port: number) => ({
  appDir: snapshot.dir,
  workDir,
  port,
  connections: args['surge-connections'].split(',').map(Number),
  closedSeconds: Number(args['surge-seconds']),
  closedRounds: Number(args['surge-rounds']),
  multiples: args['surge-multiples'].split(',').map(Number),
  openSeconds: Number(args['surge-open-seconds']),
  capacityPerSecond: args['surge-capacity'] ? Number(args['surge-capacity']) : undefined,
  routes: args['surge-routes']?.split(','),
  log,
});
const httpOptions: HttpBenchOptions = {
  appDir: snapshot.dir,
  workDir,
  port: portBase,
  runs: Number(args.runs),
  seconds: Number(args.seconds),
  publicConnections: Number(args['public-connections']),
  staffConnections: Number(args['staff-connections']),
  nodeFlags: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.join(workDir, 'profiles')}`] : [],
  only,
  serverEnv: args['redis-url']
    ? { REDIS_URL: args['redis-url'], VERIFY_RATE_LIMIT: '1000000000/1m' }
    : undefined,
  log,
};

/** A generated data set is reused while its marker says it holds the records asked for. */
function markerSays(file: string, records: number) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')).records === records;
  } catch {
    return false;
  }
}

async function pgliteStage(records: number) {
  const dataDir = path.join(workDir, `pglite-${records}`);
  const target: Target = { kind: 'pglite', dataDir };
  const marker = path.join(dataDir, 'generated.json');
  let generated = markerSays(marker, records) ? JSON.parse(fs.readFileSync(marker, 'utf8')) : null;
  if (!generated) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    generated = await generate(target, { records, log });
    fs.writeFileSync(marker, JSON.stringify(generated));
  }
  try {
    const http = wantsHttp ? await benchHttp(target, httpOptions) : undefined;
    const bulk = wants('bulk') ? await benchBulk(target, bulkOptions(portBase + 2)) : undefined;
    const surge = wants('surge')
      ? await benchSurge(target, surgeOptions(Number(args['surge-port'] ?? portBase + 6)))
      : undefined;
    return { records, generate: generated, http, bulk, surge };
  } finally {
    if (!args['keep-data']) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The PostgreSQL stage, step by step: each step's result goes into the results file as soon as it
 * is measured, and a step the file already holds (--resume) is not run again.
 */
async function postgresStage(records: number) {
  const admin = new pg.Client({ connectionString: args['pg-admin-url'] });
  await admin.connect();
  const dbName = args['pg-database'];
  const url = new URL(args['pg-admin-url']);
  url.pathname = `/${dbName}`;
  const target: Target = { kind: 'postgres', url: url.toString() };
  const version = (await admin.query('show server_version')).rows[0]?.server_version as string;
  const stage = (
    (results.postgres as Record<string, unknown> | undefined)?.records === records
      ? results.postgres
      : { records, serverVersion: version }
  ) as Record<string, unknown>;
  results.postgres = stage;
  const step = async (name: string, wanted: boolean, measure: () => Promise<unknown>) => {
    if (!wanted || stage[name] !== undefined) return;
    log(`postgres ${records.toLocaleString('en')}: ${name}`);
    stage[name] = await measure();
    saveResults(false);
  };
  try {
    if (!(await holdsGeneration(admin, dbName, records))) {
      await admin.query(`drop database if exists ${dbName}`);
      await admin.query(`create database ${dbName}`);
    }
    // generate() continues a stopped load and returns at once when the data is complete.
    stage.generate = await generate(target, { records, log });
    saveResults(false);
    await step('http', wantsHttp, () => benchHttp(target, httpOptions));
    await step('searchMixes', wants('mixes'), () =>
      benchSearchMixes({
        url: target.url,
        workDir,
        rounds: Number(args['mix-rounds']),
        connections: httpOptions.staffConnections,
        log,
      }),
    );
    await step('statusLists', wants('status-lists'), () =>
      benchStatusListsOf(target.url, {
        lookups: Number(args['status-lookups']),
        authSecret: BENCH_AUTH_SECRET,
        log,
      }),
    );
    // Sizes before the import's 100,000 rows come and go (leaving audit events and dead rows).
    await step('sizes', wants('sizes'), () => measureSizes(target.url));
    await step('plans', wants('plans'), () => explainPlans(target.url));
    await step('bulk', wants('bulk'), () => benchBulk(target, bulkOptions(portBase + 3)));
    await step('surge', wants('surge'), () =>
      benchSurge(target, surgeOptions(Number(args['surge-port'] ?? portBase + 8))),
    );
    await step('backup', wants('backup'), () =>
      benchBackupRestore({
        url: target.url,
        pgAdminUrl: args['pg-admin-url'],
        restoreDatabase: `${dbName}_restored`,
        workDir,
        log,
      }),
    );
    return stage;
  } finally {
    // A resumable run keeps its data: dropping it would throw away the hours a resume saves.
    if (!args['keep-data'] && !args.resume) await admin.query(`drop database if exists ${dbName}`);
    await admin.end();
  }
}

/** Whether the database exists and its generation (done or stopped) is of this many records. */
async function holdsGeneration(admin: pg.Client, dbName: string, records: number) {
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount === 1;
  if (!exists) return false;
  const url = new URL(args['pg-admin-url']);
  url.pathname = `/${dbName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ records: number }>(
      `select (progress->>'records')::int as records from bench.generation where id = 1`,
    );
    return rows[0]?.records === records;
  } catch {
    return false; // no bench.generation table: not a generated data set
  } finally {
    await client.end();
  }
}

async function explainPlans(url: string) {
  log('  EXPLAIN ANALYZE of the verification and search queries');
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  // A sample of pages, not a sort of every row: at ten million `order by random()` reads them all.
  const [row] = (
    await probe.query(
      'select fin_number as fin, e_cert_number as serial from person tablesample system (0.1) limit 1',
    )
  ).rows;
  await probe.end();
  return explainQueries(url, {
    fin: row.fin,
    serial: row.serial,
    q: 'Tan',
    rareQ: row.fin.slice(1, 7),
    // Every match years old: a serial's year, and records are created when the course is passed.
    oldQ: '-2018-',
  });
}

function machine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

async function main() {
  fs.mkdirSync(workDir, { recursive: true });
  Object.assign(results, {
    date: results.date ?? started.toISOString(),
    command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
    machine: machine(),
    code: { commit: snapshot.commit, uncommittedFiles: snapshot.uncommitted },
    settings: {
      runs: httpOptions.runs,
      secondsPerRun: httpOptions.seconds,
      publicConnections: httpOptions.publicConnections,
      staffConnections: httpOptions.staffConnections,
      server: 'VERIFY_POW=false and VERIFY_RATE_LIMIT=off (per-client protections); load shedding as shipped',
    },
  });
  const done = Object.keys((results.postgres as object | undefined) ?? {});
  if (args.resume)
    log(`resuming ${out}: ${done.length > 0 ? `holds postgres ${done.join(', ')}` : 'nothing yet'}`);
  if (stages.has('pglite') && !results.pglite) {
    results.pglite = await pgliteStage(Number(args['pglite-records']));
    saveResults(false);
  }
  if (stages.has('postgres')) results.postgres = await postgresStage(Number(args['pg-records']));
  if (stages.has('import-load') && !results.importLoad) {
    results.importLoad = await benchImportLoad({
      appDir: snapshot.dir,
      workDir,
      port: Number(args['import-load-port']),
      records: Number(args['pglite-records']),
      importRows: Number(args['import-load-rows']),
      pollRate: Number(args['poll-rate']),
      log,
    });
    saveResults(false);
  }
  if (stages.has('front') && !results.frontEnd) {
    results.frontEnd = await benchFrontEnd({
      appDir: snapshot.dir,
      workDir,
      port: Number(args['front-port']),
      lighthouseRuns: Number(args['lighthouse-runs']),
      log,
    });
    saveResults(false);
  }
  if (stages.has('credentials') && !results.credentials)
    results.credentials = await benchCredentials({
      records: Number(args['pg-records']),
      requests: 300,
      seconds: Number(args.seconds),
      pgAdminUrl: args['pg-admin-url'],
      log,
    });
  results.loadAverageAtEnd = os.loadavg().map((l) => Math.round(l * 100) / 100);
  results.minutes = Math.round((Date.now() - started.getTime()) / 6_000) / 10;
  saveResults(true);
  log(`\n${summarize(results as unknown as Parameters<typeof summarize>[0])}\n\nresults written to ${out}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => snapshot.remove());
