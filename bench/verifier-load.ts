/**
 * Does a verifier's list hold up the public verification? `POST /api/verify` load as the HTTP bench
 * sends it (50 connections as fast as answers come, and a steady 1,000 a second), each run alone
 * and again while a verifier's system sends lists of 1,000 matching pairs back to back with its API
 * key (`POST /api/verifier/checks`: looked up, logged, and the report's rows stored), against the
 * real server on PostgreSQL, load shedding as shipped. Also times each list, end to end.
 *
 *   npx tsx bench/verifier-load.ts --pg-records 200000 [--port 3900] [--rounds 3] [--seconds 10]
 *     [--db-name verifier_bench] [--list-senders 1] [--burner [--burner-memory-mb 64]]
 *     [--clients-apart] [--out bench/results/<file>.json]
 *
 * The data goes into the database `verifier_bench` or --db-name (dropped at the end unless --keep-data).
 * --list-senders N sends N lists at once, each sender the next as soon as its last is answered.
 * --burner runs each scenario a third time beside a CPU burner that adds the machine's CPU the lists
 * added: a p99 that rises as much with it is the machine's cores shared, not the lists' code.
 * --burner-memory-mb N has that burner read and write across N MB as it spins, as the lists' work
 * on large data does: a p99 that rises with it only is what the cores share below the scheduler.
 * --clients-apart (Linux, as root) runs the load generator's thread at real-time priority and the
 * list senders' at the idle policy, as if each ran on a machine of its own: a p99 that rises as
 * much without them in the contest is the server's and the database's, not the bench's.
 * Budgets (docs/decisions/0032): beside lists back to back, the verification's p99 and throughput
 * at 50 connections (a crowd) as they are alone, lists waiting for room; at a steady 1,000 a second
 * its p99 within its own 25 ms; a list of 1,000 in under 2 s.
 * Writes bench/results/<date>-verifier-load-<records>k[-<N>-senders][-burner[-<N>mb]].json, or --out; it
 * refuses at the start to write over a file that exists.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { burnCpu } from './lib/cpu-burner.ts';
import { createRandom } from './lib/fake-people.ts';
import { verifyRequests } from './lib/http-bench.ts';
import { type ListRun, sendListsFromWorker } from './lib/list-sender.ts';
import { type LoadResult, median, runLoad, type Scenario } from './lib/load.ts';
import { machineBusyCpuSeconds } from './lib/machine-cpu.ts';
import { startServer } from './lib/server.ts';
import { createSnapshot } from './lib/snapshot.ts';
import { targetEnv } from './lib/target.ts';
import { setThreadPolicy } from './lib/thread-policy.ts';
import { dropData, prepareData, prepareVerifier } from './lib/verifier-data.ts';

const { values: args } = parseArgs({
  options: {
    'pg-records': { type: 'string', default: '200000' },
    'pg-admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string', default: '3900' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    'db-name': { type: 'string', default: 'verifier_bench' },
    'list-senders': { type: 'string', default: '1' },
    'keep-data': { type: 'boolean', default: false },
    burner: { type: 'boolean', default: false },
    'burner-memory-mb': { type: 'string', default: '0' },
    'clients-apart': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const records = Number(args['pg-records']);
const workDir = path.resolve('bench/.work');
const dbName = args['db-name'];
const listSenders = Number(args['list-senders']);
const clientsApart = args['clients-apart'];
const log = (line: string) => console.log(line);

const sendersPart = listSenders > 1 ? `-${listSenders}-senders` : '';
const burnerMemoryMb = Number(args['burner-memory-mb']);
const burnerPart = args.burner ? `-burner${burnerMemoryMb > 0 ? `-${burnerMemoryMb}mb` : ''}` : '';
const out =
  args.out ??
  `bench/results/${new Date().toISOString().slice(0, 10)}-verifier-load-${records / 1000}k${sendersPart}${burnerPart}.json`;
// Said before the minutes of measuring, not after: an earlier run's result may be cited already.
if (fs.existsSync(out)) {
  console.error(`${out} exists: name another file with --out.`);
  process.exit(1);
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const oneDecimal = (ms: number) => Math.round(ms * 10) / 10;

async function main() {
  const target = await prepareData({ adminUrl: args['pg-admin-url'], dbName, records, log });
  const { key, sample } = await prepareVerifier(target);
  const snapshot = createSnapshot();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'verifier-load-'));
  const server = await startServer({
    appDir: snapshot.dir,
    port: Number(args.port),
    env: { ...targetEnv(target, scratch), AUTH_SECRET: 'bench-secret-'.padEnd(48, 'x') },
    logFile: path.join(workDir, 'server-verifier-load.log'),
  });
  const random = createRandom(7);
  const verify = verifyRequests(sample, random);
  const scenarios: Scenario[] = [
    { name: 'verify', connections: 50, okStatuses: [200, 404], nextRequest: verify },
    {
      name: 'verify-1000rps',
      overallRate: 1000,
      connections: 50,
      okStatuses: [200, 404],
      nextRequest: verify,
    },
  ];
  const seconds = Number(args.seconds);
  type Runs = {
    alone: LoadResult[];
    withLists: LoadResult[];
    withBurner: LoadResult[];
    addedCores: number[];
    /** Lists answered and turned away (503) beside this scenario: lists wait for the server's room. */
    listStatuses: number[];
  };
  const results: Record<string, Runs> = Object.fromEntries(
    scenarios.map((s) => [
      s.name,
      { alone: [], withLists: [], withBurner: [], addedCores: [], listStatuses: [] },
    ]),
  );
  /** The load's result and the cores the whole machine kept busy meanwhile. */
  const measured = async (run: Promise<LoadResult>) => {
    const [before, started] = [machineBusyCpuSeconds(), performance.now()];
    const result = await run;
    return { result, cores: (machineBusyCpuSeconds() - before) / ((performance.now() - started) / 1000) };
  };
  const lists: ListRun[] = [];
  try {
    if (clientsApart) setThreadPolicy('realtime');
    log('  warming up');
    for (const scenario of scenarios) await runLoad(server, scenario, 2);
    await sendListsFromWorker(
      { url: server.url, key, sample, seed: 11 },
      new Promise((r) => setTimeout(r, 3000)),
    );
    for (let round = 1; round <= Number(args.rounds); round++) {
      for (const scenario of scenarios) {
        const alone = await measured(runLoad(server, scenario, seconds));
        results[scenario.name]?.alone.push(alone.result);
        const load = runLoad(server, scenario, seconds);
        const senders = Array.from({ length: listSenders }, (_, i) =>
          sendListsFromWorker({ url: server.url, key, sample, seed: 11 + i, idle: clientsApart }, load),
        );
        const [sent, withLists] = await Promise.all([Promise.all(senders), measured(load)]);
        const runs = sent.flat();
        lists.push(...runs);
        results[scenario.name]?.listStatuses.push(...runs.map((run) => run.status));
        results[scenario.name]?.withLists.push(withLists.result);
        const added = Math.max(0, withLists.cores - alone.cores);
        results[scenario.name]?.addedCores.push(Math.round(added * 100) / 100);
        let burnt = '';
        if (args.burner) {
          const beside = runLoad(server, scenario, seconds);
          await burnCpu(added, beside, burnerMemoryMb);
          const withBurner = await beside;
          results[scenario.name]?.withBurner.push(withBurner);
          burnt = `, with ${added.toFixed(2)} cores burnt ${withBurner.p99} ms`;
        }
        log(
          `  round ${round} ${scenario.name.padEnd(15)} p99 alone ${alone.result.p99} ms, ` +
            `with lists ${withLists.result.p99} ms${burnt}; req/s ${alone.result.rps} / ${withLists.result.rps}; ` +
            `refused ${alone.result.refused} / ${withLists.result.refused}`,
        );
      }
    }
  } finally {
    await server.stop();
    snapshot.remove();
    fs.rmSync(scratch, { recursive: true, force: true });
    if (!args['keep-data']) {
      await dropData({ adminUrl: args['pg-admin-url'], dbName });
    }
  }
  const answered = lists
    .filter((run) => run.status === 200)
    .map((run) => run.ms)
    .sort((a, b) => a - b);
  const summarize = (runs: LoadResult[]) => ({
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    rps: median(runs.map((r) => r.rps)),
    refused: runs.reduce((sum, r) => sum + r.refused, 0),
    runs,
  });
  const result = {
    date: new Date().toISOString(),
    command: `npx tsx bench/verifier-load.ts ${process.argv.slice(2).join(' ')}`.trim(),
    code: { commit: snapshot.commit, uncommittedFiles: snapshot.uncommitted },
    machine: { cores: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadAverage: os.loadavg() },
    records,
    settings: 'VERIFY_POW=false and VERIFY_RATE_LIMIT=off (per-client protections); load shedding as shipped',
    clientsApart,
    burnerMemoryMb: args.burner ? burnerMemoryMb : undefined,
    lists: {
      pairsPerList: 1000,
      senders: listSenders,
      answered: answered.length,
      refused: lists.filter((run) => run.status === 503).length,
      responseKb: Math.round((lists.find((run) => run.status === 200)?.bytes ?? 0) / 1024),
      ms: {
        p50: oneDecimal(percentile(answered, 0.5)),
        p95: oneDecimal(percentile(answered, 0.95)),
        max: oneDecimal(answered.at(-1) ?? 0),
      },
      budgetMs: 2000,
    },
    verify: Object.fromEntries(
      Object.entries(results).map(([name, { alone, withLists, withBurner, addedCores, listStatuses }]) => [
        name,
        {
          alone: summarize(alone),
          withLists: summarize(withLists),
          addedCores: { median: median(addedCores), runs: addedCores },
          lists: {
            answered: listStatuses.filter((status) => status === 200).length,
            turnedAway: listStatuses.filter((status) => status === 503).length,
          },
          ...(args.burner ? { withBurner: summarize(withBurner) } : {}),
        },
      ]),
    ),
  };
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(
    JSON.stringify(
      { lists: result.lists, verify: result.verify },
      (k, v) => (k === 'runs' ? undefined : v),
      2,
    ),
  );
  log(`written to ${out}`);
}

await main();
