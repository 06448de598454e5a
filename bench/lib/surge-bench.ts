import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareSample, STAFF_EMAIL, STAFF_PASSWORD } from './http-bench.ts';
import { openLoop } from './open-loop.ts';
import { type RunningServer, signIn, startServer } from './server.ts';
import { holdPersonTableLock } from './slow-database.ts';
import {
  type ClosedLoopResult,
  closedLoopAbba,
  monitor,
  percentile,
  rawRequest,
  round,
  type SurgeRoute,
  secondsUntilNormal,
} from './surge-probes.ts';
import { describeTarget, type Target, targetEnv } from './target.ts';

export interface SurgeOptions {
  appDir: string;
  workDir: string;
  port: number;
  connections: number[];
  closedSeconds: number;
  /** Rounds of A, B, B, A at each connection count: the two servers' ratio moves less over more. */
  closedRounds: number;
  /** Arrival rates as multiples of the route's measured capacity. */
  multiples: number[];
  /** The capacity the open loop multiplies, instead of the closed loop's best: to compare two builds at one rate. */
  capacityPerSecond?: number;
  openSeconds: number;
  /** Only these routes (verify, staff-list). */
  routes?: string[];
  log: (line: string) => void;
}

/**
 * Per-client protections, off in a throughput bench so that only load shedding can refuse: one
 * client here stands for a crowd, and proof of work would measure hashing, not serving.
 */
const PER_CLIENT_PROTECTIONS_OFF = { VERIFY_POW: 'false', VERIFY_RATE_LIMIT: 'off' };
/** The same server with load shedding off: what shedding is measured against. */
const SHEDDING_OFF = { MAX_REQUEST_WAIT_MS: '0', MAX_CONCURRENT_REQUESTS: '100000' };

type OpenRun = Awaited<ReturnType<typeof openRun>>;
export interface SurgeRouteResult {
  capacityPerSecond: number;
  closed: {
    connections: number;
    shipped: ClosedLoopResult;
    sheddingOff: ClosedLoopResult;
    /** Answered a second, as shipped ÷ with shedding off. */
    ratio: number;
    loadAverage: number[][];
  }[];
  open: (OpenRun & { multiple: number })[];
  /** PostgreSQL only: the open loop at the largest multiple while the person table is locked. */
  slowDatabase?: OpenRun & { multiple: number; lockedSeconds: number[] };
}

const loadAverage = () => os.loadavg().map((value) => round(value, 2));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function routes(sample: Awaited<ReturnType<typeof prepareSample>>, cookie: string): SurgeRoute[] {
  let next = 0;
  return [
    {
      name: 'verify',
      method: 'POST',
      path: '/api/verify',
      headers: { 'content-type': 'application/json' },
      // Matching pairs of live records, in turn.
      body: () => {
        const row = sample[next++ % sample.length];
        return JSON.stringify({ finNumber: row?.fin, eCertNumber: row?.serial });
      },
      okStatuses: new Set([200, 404]),
    },
    {
      name: 'staff-list',
      method: 'GET',
      path: '/api/people',
      headers: { cookie },
      body: () => undefined,
      okStatuses: new Set([200]),
    },
  ];
}

const health: SurgeRoute = {
  name: 'health',
  method: 'GET',
  path: '/api/health',
  headers: {},
  body: () => undefined,
  okStatuses: new Set([200]),
};

/**
 * An open-loop run at `rate` arrivals a second against the shipped server, with /api/health asked
 * every 100 ms throughout, and the time until the route answers normally once arrivals stop.
 */
async function openRun(
  server: RunningServer,
  route: SurgeRoute,
  rate: number,
  seconds: number,
  slow?: Promise<void>,
) {
  const loadAverageBefore = loadAverage();
  let stopped: () => void = () => {};
  const arrivalsEnded = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const port = Number(new URL(server.url).port);
  const load = openLoop({
    port,
    rate,
    seconds,
    request: rawRequest(server.url, route),
    onArrivalsEnd: () => stopped(),
  });
  const recovery = arrivalsEnded.then(() => secondsUntilNormal(server.url, route));
  const healthDuring = monitor(server.url, health, Promise.all([load, recovery]));
  const [result, recoverySeconds, healthProbes] = await Promise.all([load, recovery, healthDuring, slow]);
  return {
    offeredPerSecond: result.offeredRate,
    sentPerSecond: result.sentRate,
    answeredPerSecond: Math.round(result.answered / seconds),
    refusedPerSecond: Math.round(result.refused / seconds),
    failed: result.failed,
    connectTimeouts: result.connectTimeouts,
    connections: result.connections,
    p50: percentile(result.answeredMs, 50),
    p99: percentile(result.answeredMs, 99),
    health: healthProbes,
    secondsToNormalAfter: recoverySeconds,
    statuses: result.statuses,
    unexpected: result.unexpected,
    loadAverage: [loadAverageBefore, loadAverage()],
  };
}

/**
 * Goodput under a surge, as shipped: requests answered (not refused) a second and their delay.
 * Closed loop at each connection count, as shipped and with shedding off in the order A B B A; then
 * open loop at multiples of the best closed-loop goodput, and the same with the database held up.
 */
export async function benchSurge(target: Target, options: SurgeOptions) {
  const { log } = options;
  log(
    `Surge on ${describeTarget(target)}: proof of work and the verification limit off (per-client protections); load shedding as shipped`,
  );
  const sample = await prepareSample(target);
  // PGlite is one process per data folder: the server with shedding off gets a copy.
  const copy = path.join(options.workDir, 'surge-shedding-off');
  const scratch = path.join(options.workDir, 'server-data');
  fs.mkdirSync(scratch, { recursive: true });
  let offTarget = target;
  if (target.kind === 'pglite') {
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(target.dataDir, copy, { recursive: true });
    offTarget = { kind: 'pglite', dataDir: copy };
  }
  const start = (on: Target, port: number, env: Record<string, string>) =>
    startServer({
      appDir: options.appDir,
      port,
      env: {
        ...targetEnv(on, scratch),
        AUTH_SECRET: 'bench-secret-'.padEnd(48, 'x'),
        ...PER_CLIENT_PROTECTIONS_OFF,
        ...env,
      },
      logFile: path.join(options.workDir, `surge-${on.kind}-${port}.log`),
    });
  const shipped = await start(target, options.port, {});
  const off = await start(offTarget, options.port + 1, SHEDDING_OFF);
  const results: Record<string, SurgeRouteResult> = {};
  try {
    const cookies = [
      await signIn(shipped.url, STAFF_EMAIL, STAFF_PASSWORD),
      await signIn(off.url, STAFF_EMAIL, STAFF_PASSWORD),
    ];
    for (const [index, route] of routes(sample, cookies[0] ?? '').entries()) {
      if (options.routes && !options.routes.includes(route.name)) continue;
      const offRoute = routes(sample, cookies[1] ?? '')[index] as SurgeRoute;
      // Both servers warm (JIT, caches) before anything counts, in the order the runs take.
      await closedLoopAbba(
        { url: shipped.url, route },
        { url: off.url, route: offRoute },
        options.connections[0] ?? 50,
        3,
        2_000,
      );
      const closed = [];
      for (const connections of options.connections) {
        const loadAverageBefore = loadAverage();
        const [asShipped, sheddingOff] = await closedLoopAbba(
          { url: shipped.url, route },
          { url: off.url, route: offRoute },
          connections,
          options.closedSeconds,
          2_000,
          options.closedRounds,
        );
        const ratio = round(asShipped.answeredPerSecond / Math.max(1, sheddingOff.answeredPerSecond), 3);
        closed.push({
          connections,
          shipped: asShipped,
          sheddingOff,
          ratio,
          loadAverage: [loadAverageBefore, loadAverage()],
        });
        log(
          `  ${route.name} closed ${connections}: shipped ${asShipped.answeredPerSecond}/s answered, ${asShipped.refusedPerSecond}/s refused, ` +
            `p99 ${asShipped.p99} ms; shedding off ${sheddingOff.answeredPerSecond}/s, p99 ${sheddingOff.p99} ms; ratio ${ratio} (load ${loadAverage().join(' ')})`,
        );
      }
      const capacity =
        options.capacityPerSecond ??
        Math.max(
          ...closed.flatMap((run) => [run.shipped.answeredPerSecond, run.sheddingOff.answeredPerSecond]),
        );
      const open = [];
      for (const multiple of options.multiples) {
        const run = await openRun(shipped, route, capacity * multiple, options.openSeconds);
        open.push({ multiple, ...run });
        log(
          `  ${route.name} open ${multiple}x (${capacity * multiple}/s): ${JSON.stringify({ ...run, statuses: undefined })}`,
        );
        await sleep(5_000);
      }
      let slowDatabase: SurgeRouteResult['slowDatabase'];
      if (target.kind === 'postgres') {
        const multiple = Math.max(...options.multiples);
        const lock = holdPersonTableLock(target.url, { afterMs: 10_000, forMs: 5_000 });
        slowDatabase = {
          multiple,
          lockedSeconds: [10, 15],
          ...(await openRun(shipped, route, capacity * multiple, options.openSeconds, lock)),
        };
        log(
          `  ${route.name} open ${multiple}x, person table locked 10-15 s: ${JSON.stringify(slowDatabase)}`,
        );
        await sleep(5_000);
      }
      results[route.name] = { capacityPerSecond: capacity, closed, open, slowDatabase };
    }
  } finally {
    await shipped.stop();
    await off.stop();
    fs.rmSync(copy, { recursive: true, force: true });
  }
  return { perClientProtections: 'off (VERIFY_POW=false, VERIFY_RATE_LIMIT=off)', routes: results };
}
