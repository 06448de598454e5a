/**
 * Where a verifier's list holds the server's loop: lists of 1,000 matching pairs sent back to back
 * (as bench/verifier-load.ts sends them) to the real server on PostgreSQL, run under V8's CPU
 * profiler, then every stretch in which the loop ran without a break for at least --hold-ms. A
 * verification that arrives during such a stretch waits for it to end, so the longest stretches
 * are what a list adds to the verification's p99.
 *
 *   npx tsx bench/verifier-loop-holds.ts --pg-records 200000 [--seconds 10] [--hold-ms 5]
 *     [--db-name verifier_bench] [--port 3901] [--keep-data]
 *
 * Writes bench/results/<date>-verifier-loop-holds-<records>k.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ListRun, sendListsFromWorker } from './lib/list-sender.ts';
import { readLoopHolds } from './lib/loop-holds.ts';
import { startServer } from './lib/server.ts';
import { createSnapshot } from './lib/snapshot.ts';
import { targetEnv } from './lib/target.ts';
import { dropData, prepareData, prepareVerifier } from './lib/verifier-data.ts';

const { values: args } = parseArgs({
  options: {
    'pg-records': { type: 'string', default: '200000' },
    'pg-admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string', default: '3901' },
    seconds: { type: 'string', default: '10' },
    'hold-ms': { type: 'string', default: '5' },
    'db-name': { type: 'string', default: 'verifier_bench' },
    'keep-data': { type: 'boolean', default: false },
  },
});
const records = Number(args['pg-records']);
const dbName = args['db-name'];
const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** V8's profile timestamps: microseconds of the monotonic clock process.hrtime reads. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function main() {
  const adminUrl = args['pg-admin-url'];
  const target = await prepareData({ adminUrl, dbName, records, log });
  const { key, sample } = await prepareVerifier(target);
  const snapshot = createSnapshot();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'verifier-holds-'));
  const profileDir = path.join(scratch, 'profile');
  const server = await startServer({
    appDir: snapshot.dir,
    port: Number(args.port),
    env: { ...targetEnv(target, scratch), AUTH_SECRET: 'bench-secret-'.padEnd(48, 'x') },
    logFile: path.resolve('bench/.work/server-verifier-loop-holds.log'),
    nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=200'],
  });
  let lists: ListRun[] = [];
  let window = { fromUs: 0, toUs: 0 };
  try {
    log('  warming up');
    await sendListsFromWorker({ url: server.url, key, sample, seed: 11 }, sleep(3000));
    const fromUs = nowUs();
    lists = await sendListsFromWorker(
      { url: server.url, key, sample, seed: 12 },
      sleep(Number(args.seconds) * 1000),
    );
    window = { fromUs, toUs: nowUs() };
  } finally {
    await server.stop();
    snapshot.remove();
    if (!args['keep-data']) await dropData({ adminUrl, dbName });
  }
  const [profile] = fs.readdirSync(profileDir);
  if (!profile) throw new Error('the server wrote no CPU profile');
  const holds = readLoopHolds(path.join(profileDir, profile), Number(args['hold-ms']), window);
  fs.rmSync(scratch, { recursive: true, force: true });
  const answered = lists.filter((run) => run.status === 200).length;
  const result = {
    date: new Date().toISOString(),
    command: `npx tsx bench/verifier-loop-holds.ts ${process.argv.slice(2).join(' ')}`.trim(),
    code: { commit: snapshot.commit, uncommittedFiles: snapshot.uncommitted },
    machine: { cores: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadAverage: os.loadavg() },
    records,
    seconds: Number(args.seconds),
    listsAnswered: answered,
    holdsPerList: Math.round((holds.length / Math.max(1, answered)) * 10) / 10,
    longestMs: holds.map((hold) => Math.round(hold.ms * 10) / 10).slice(0, 20),
    holds: holds.slice(0, 20),
  };
  const out = `bench/results/${result.date.slice(0, 10)}-verifier-loop-holds-${records / 1000}k.json`;
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  for (const hold of holds.slice(0, 10)) {
    log(
      `  ${hold.ms.toFixed(1)} ms: ${hold.under.map((u) => `${u.frame} ${Math.round(u.share * 100)}%`).join('; ')}`,
    );
  }
  log(`${answered} lists, ${holds.length} holds of ${args['hold-ms']} ms or more; written to ${out}`);
}

await main();
