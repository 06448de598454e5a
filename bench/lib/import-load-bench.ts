import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { generate } from '../generate.ts';
import { importFile } from './bulk-bench.ts';
import { prepareStaff, STAFF_EMAIL, STAFF_PASSWORD } from './http-bench.ts';
import { signIn, startServer } from './server.ts';
import { latenciesByPhase, REQUEST_TIMEOUT_MS, steadyPoll } from './steady-poll.ts';
import type { Target } from './target.ts';

const PHASES = ['quiet', 'upload', 'check', 'commit', 'after'] as const;
type Phase = (typeof PHASES)[number];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number) => Math.round(value * 10) / 10;

export interface ImportLoadOptions {
  appDir: string;
  workDir: string;
  port: number;
  /** Records in the embedded database before the import. */
  records: number;
  /** Rows in the imported file (the budget is stated at 500,000). */
  importRows: number;
  /** Requests a second to each polled route. */
  pollRate: number;
  log: (line: string) => void;
}

/** The records, generated once into a folder each run starts from a copy of. */
async function generated(options: ImportLoadOptions) {
  const base = path.join(options.workDir, `import-load-base-${options.records}`);
  const marker = path.join(base, 'generated.json');
  if (fs.existsSync(marker)) return base;
  fs.rmSync(base, { recursive: true, force: true });
  const target: Target = { kind: 'pglite', dataDir: base };
  await generate(target, { records: options.records, log: options.log });
  await prepareStaff(target);
  fs.writeFileSync(marker, JSON.stringify({ records: options.records }));
  return base;
}

/** POSTs the CSV as the Import page does, waiting as long as the answer takes (fetch gives up at 300 s). */
function uploadCsv(url: string, headers: Record<string, string>, csv: string) {
  const boundary = 'import-load-bench';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('response', async (response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk);
      resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
    });
    request.on('error', reject);
    request.end(body);
  });
}

const folderMb = (dir: string) =>
  Number(execFileSync('du', ['-sm', dir], { encoding: 'utf8' }).split('\t')[0]);

/**
 * A large import beside staff work, on the embedded database with the shipped settings (load
 * shedding, rate limits): a CSV of `importRows` people is uploaded, checked and committed while
 * GET /api/health and the staff list (signed in) are polled at a steady rate; their latencies are
 * reported per phase. The import's own state is polled as the Import page does, and every status it
 * showed is kept: a running import must never show `failed`. The generated records are kept in
 * bench/.work for the next run.
 */
export async function benchImportLoad(options: ImportLoadOptions) {
  const { log } = options;
  log(`Import beside staff work: ${options.importRows} rows into PGlite holding ${options.records}`);
  const dataDir = path.join(options.workDir, 'import-load-pglite');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.cpSync(await generated(options), dataDir, { recursive: true });
  const csv = importFile(options.importRows);
  const server = await startServer({
    appDir: options.appDir,
    port: options.port,
    env: { DATA_DIR: dataDir, AUTH_SECRET: 'bench-secret-'.padEnd(48, 'x') },
    shippedSettings: true,
    logFile: path.join(options.workDir, 'server-import-load.log'),
  });
  let phase: Phase = 'quiet';
  const current = () => phase;
  const pollers: ReturnType<typeof steadyPoll>[] = [];
  try {
    const headers = { cookie: await signIn(server.url, STAFF_EMAIL, STAFF_PASSWORD), origin: server.url };
    const folder = { beforeMb: folderMb(dataDir) } as Record<string, number>;
    // Warm up: the first requests compile code paths and fill caches.
    for (let i = 0; i < 20; i++) {
      await fetch(`${server.url}/api/health`).then((response) => response.arrayBuffer());
      await fetch(`${server.url}/api/people`, { headers }).then((response) => response.arrayBuffer());
    }
    const health = steadyPoll(`${server.url}/api/health`, {}, options.pollRate, current);
    const people = steadyPoll(`${server.url}/api/people`, headers, options.pollRate, current);
    pollers.push(health, people);
    const importStates: string[] = [];
    const watch = async (id: string, until: (status: string) => boolean) => {
      for (;;) {
        const response = await fetch(`${server.url}/api/imports/${id}`, {
          headers,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }).catch(() => null);
        const view = response?.ok ? await response.json() : null;
        const state = !response
          ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`
          : !view
            ? `HTTP ${response.status}`
            : view.message
              ? `${view.status}: ${view.message}`
              : view.status;
        if (importStates.at(-1) !== state) importStates.push(state);
        if (view && until(view.status)) return view;
        await sleep(500);
      }
    };
    const timed = { uploadSeconds: 0, checkSeconds: 0, commitSeconds: 0 };

    await sleep(10_000);
    phase = 'upload';
    let since = performance.now();
    const uploaded = await uploadCsv(`${server.url}/api/imports`, headers, csv);
    if (uploaded.status !== 202) throw new Error(`upload failed: ${uploaded.status} ${uploaded.body}`);
    const { id } = JSON.parse(uploaded.body);
    timed.uploadSeconds = round((performance.now() - since) / 1000);
    phase = 'check';
    since = performance.now();
    const checked = await watch(id, (status) => status !== 'checking');
    timed.checkSeconds = round((performance.now() - since) / 1000);
    folder.afterCheckMb = folderMb(dataDir);
    if (checked.status === 'ready') {
      phase = 'commit';
      since = performance.now();
      const commit = await fetch(`${server.url}/api/imports/${id}/commit`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ duplicates: 'skip' }),
      });
      if (commit.status !== 202) throw new Error(`commit refused: ${commit.status}`);
      await watch(id, (status) => status !== 'committing');
      timed.commitSeconds = round((performance.now() - since) / 1000);
      folder.afterCommitMb = folderMb(dataDir);
    }
    phase = 'after';
    await sleep(5_000);
    folder.atEndMb = folderMb(dataDir);
    const [healthSamples, peopleSamples] = await Promise.all([health.stop(), people.stop()]);
    // What a restart starts from: the server closes the database (a checkpoint) as it stops.
    await server.stop();
    folder.afterStopMb = folderMb(dataDir);
    folder.writeAheadLogAfterStopMb = folderMb(path.join(dataDir, 'db', 'pg_wal'));
    const result = {
      records: options.records,
      importRows: options.importRows,
      csvMegabytes: round(csv.length / 1_048_576),
      pollRatePerSecond: options.pollRate,
      ...timed,
      importStates,
      health: latenciesByPhase(healthSamples, PHASES),
      people: latenciesByPhase(peopleSamples, PHASES),
      dataFolder: folder,
    };
    log(
      `  ${JSON.stringify({ ...timed, importStates, health: result.health.check, people: result.people.check })}`,
    );
    return result;
  } finally {
    await Promise.all(pollers.map((poller) => poller.stop()));
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
