import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '#server/errors.ts';
import { createStaffUser } from '#server/features/users/create-staff-user.ts';
import { createRandom, dayInPassedRange } from './fake-people.ts';
import { type LoadResult, median, runLoad, type Scenario } from './load.ts';
import { broadSearches, sliceSearches, staffSearches } from './search-queries.ts';
import { signIn, startServer } from './server.ts';
import { describeTarget, openTarget, type Target, targetEnv } from './target.ts';

export const STAFF_EMAIL = 'bench-staff@example.test';
export const STAFF_PASSWORD = 'bench-staff-password-2024';
/** The servers' AUTH_SECRET: what seals the issuer key a server makes in the bench's database. */
export const BENCH_AUTH_SECRET = 'bench-secret-'.padEnd(48, 'x');

export interface SampleRow {
  id: string;
  fin: string;
  serial: string;
  name: string;
  passport: string;
  nationality: string;
}

export interface HttpBenchOptions {
  /** The app snapshot the server runs from. */
  appDir: string;
  workDir: string;
  port: number;
  runs: number;
  seconds: number;
  /** Connections for the public routes (the budget is stated at 50). */
  publicConnections: number;
  /** Connections for the staff routes: a few staff at their desks, not a crowd. */
  staffConnections: number;
  nodeFlags?: string[];
  /** More environment for the server (e.g. REDIS_URL and a limit, so verification counts in Redis). */
  serverEnv?: Record<string, string>;
  /** Run only these scenarios (e.g. to profile one route); the constant route always runs. */
  only?: string[];
  log: (line: string) => void;
}

export interface ScenarioSummary {
  connections: number;
  overallRate?: number;
  runs: LoadResult[];
  median: {
    rps: number;
    p50: number;
    p95: number;
    p99: number;
    errors: number;
    peakRssMb: number;
    serverCpuUsPerRequest: number;
  };
  /** Median over runs of (this route's req/s ÷ the constant route's req/s in the same round). */
  ratioToConstant: number;
}

/**
 * Reads what the load needs before the server opens the database (PGlite allows one process):
 * a random sample of live records and a staff account to sign in with.
 */
export async function prepareSample(target: Target): Promise<SampleRow[]> {
  await prepareStaff(target);
  const opened = await openTarget(target);
  try {
    return await opened.query<SampleRow>(
      `select id, fin_number as fin, e_cert_number as serial, name, passport_number as passport, nationality
         from person where deleted_at is null order by random() limit 2000`,
    );
  } finally {
    await opened.database.close();
  }
}

/** The staff account the bench signs in with, made once per data set. */
export async function prepareStaff(target: Target) {
  const opened = await openTarget(target);
  try {
    await createStaffUser(
      opened.database,
      { email: STAFF_EMAIL, password: STAFF_PASSWORD, name: 'Bench Staff', role: 'staff' },
      null,
    );
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode === 409)) throw error;
  } finally {
    await opened.database.close();
  }
}

/** The steady rates (searches a second) of the search-<rate>rps scenarios. */
export const STEADY_SEARCH_RATES = [20, 60] as const;

/**
 * `POST /api/verify` requests: half real pairs, a quarter a real FIN with a wrong serial, a
 * quarter an unknown FIN.
 */
export function verifyRequests(sample: SampleRow[], random: ReturnType<typeof createRandom>) {
  return () => {
    const row = random.pick(sample);
    const roll = random.next();
    const pair =
      roll < 0.5
        ? { finNumber: row.fin, eCertNumber: row.serial }
        : roll < 0.75
          ? { finNumber: row.fin, eCertNumber: `BEC-1999-${random.int(0, 9_999_999)}` }
          : { finNumber: `X${random.int(1_000_000, 9_999_999)}Z`, eCertNumber: row.serial };
    return { method: 'POST' as const, path: '/api/verify', body: JSON.stringify(pair) };
  };
}

function scenarios(sample: SampleRow[], cookie: string, options: HttpBenchOptions): Scenario[] {
  const random = createRandom(7);
  const any = () => random.pick(sample);
  const search = (query: (row: SampleRow) => { q: string }) => () => ({
    method: 'GET' as const,
    path: `/api/people?q=${encodeURIComponent(query(any()).q)}`,
  });
  const searchRequest = search(staffSearches(random));
  const staff = { cookie };
  const staffSearchScenario = {
    name: 'search',
    connections: options.staffConnections,
    okStatuses: [200],
    headers: staff,
    nextRequest: searchRequest,
  };
  const verifyRequest = verifyRequests(sample, random);
  return [
    {
      name: 'constant',
      connections: options.publicConnections,
      okStatuses: [200],
      nextRequest: () => ({ method: 'GET', path: '/api/site' }),
    },
    {
      name: 'verify',
      connections: options.publicConnections,
      okStatuses: [200, 404],
      nextRequest: verifyRequest,
    },
    {
      name: 'verify-1000rps',
      // The same requests at a steady 1,000 a second: latency under load, not at saturation.
      overallRate: 1000,
      connections: options.publicConnections,
      okStatuses: [200, 404],
      nextRequest: verifyRequest,
    },
    {
      name: 'certificate',
      connections: options.publicConnections,
      okStatuses: [200],
      nextRequest: () => ({ method: 'GET', path: `/api/certificates/${any().id}` }),
    },
    staffSearchScenario,
    // Patterns that match very many people (3 digits from the middle of serials), and the earlier
    // budget's mix (3-6 character slices of any field), for comparison.
    { ...staffSearchScenario, name: 'search-broad', nextRequest: search(broadSearches(random)) },
    { ...staffSearchScenario, name: 'search-slices', nextRequest: search(sliceSearches(random)) },
    // The same searches at a steady rate, latency in use rather than at saturation: 20 a second
    // (a busy office), and 60 (about a third of what 2 cores answer at saturation).
    ...STEADY_SEARCH_RATES.map((rate) => ({
      name: `search-${rate}rps`,
      overallRate: rate,
      connections: options.staffConnections,
      okStatuses: [200],
      headers: staff,
      nextRequest: searchRequest,
    })),
    {
      name: 'list-page-1',
      connections: options.staffConnections,
      okStatuses: [200],
      headers: staff,
      nextRequest: () => ({ method: 'GET', path: '/api/people?page=1' }),
    },
    {
      // Far into the list the way staff reach it (page numbers stop at 1,000 rows): a jump to a
      // passed date in the last ten years, the list sorted by passed date.
      name: 'list-jump',
      connections: options.staffConnections,
      okStatuses: [200],
      headers: staff,
      nextRequest: () => ({
        method: 'GET',
        path: `/api/people?sort=passed&from=${dayInPassedRange(random)}`,
      }),
    },
    {
      name: 'stats',
      // The dashboard's home: counts by validity and by month over every live record.
      connections: options.staffConnections,
      okStatuses: [200],
      headers: staff,
      nextRequest: () => ({ method: 'GET', path: '/api/stats' }),
    },
  ];
}

/**
 * Starts the server on the target and runs every scenario `runs` times, round by round (all
 * scenarios in round 1, then round 2...), so each route's ratio compares it with the constant
 * route measured minutes apart at most, under the same background load.
 */
export async function benchHttp(target: Target, options: HttpBenchOptions) {
  const { log } = options;
  log(
    `HTTP benchmark on ${describeTarget(target)}: proof of work and the verification limit off ` +
      '(per-client protections), load shedding as shipped',
  );
  const sample = await prepareSample(target);
  if (sample.length === 0) throw new Error('the target holds no person records: run bench/generate.ts first');
  const scratch = path.join(options.workDir, 'server-data');
  fs.mkdirSync(scratch, { recursive: true });
  const server = await startServer({
    appDir: options.appDir,
    port: options.port,
    env: {
      ...targetEnv(target, scratch),
      AUTH_SECRET: BENCH_AUTH_SECRET,
      ...options.serverEnv,
    },
    logFile: path.join(options.workDir, `server-${target.kind}.log`),
    nodeFlags: options.nodeFlags,
  });
  const idleRssMb = Math.round(server.takePeakRss());
  try {
    const cookie = await signIn(server.url, STAFF_EMAIL, STAFF_PASSWORD);
    const list = scenarios(sample, cookie, options).filter(
      // `--only list` names the family (list-page-1, list-jump); `--only list-jump` names one.
      (s) =>
        !options.only ||
        s.name === 'constant' ||
        options.only.some((name) => name === s.name || name === s.name.split('-')[0]),
    );
    log('  warming up');
    for (const scenario of list) await runLoad(server, scenario, 2);
    const runs: Record<string, LoadResult[]> = Object.fromEntries(list.map((s) => [s.name, []]));
    for (let round = 1; round <= options.runs; round++) {
      for (const scenario of list) {
        const result = await runLoad(server, scenario, options.seconds);
        runs[scenario.name]?.push(result);
        log(
          `  round ${round} ${scenario.name.padEnd(14)} ${String(result.rps).padStart(6)} req/s  ` +
            `p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms  errors ${result.errors}  ` +
            `rss ${result.peakRssMb} MB  cpu ${result.serverCpuUsPerRequest} µs/req`,
        );
      }
    }
    const constant = runs.constant ?? [];
    const summaries: Record<string, ScenarioSummary> = {};
    for (const scenario of list) {
      const own = runs[scenario.name] ?? [];
      const pick = (key: keyof LoadResult) => median(own.map((r) => r[key] as number));
      summaries[scenario.name] = {
        connections: scenario.connections,
        overallRate: scenario.overallRate,
        runs: own,
        median: {
          rps: pick('rps'),
          p50: pick('p50'),
          p95: pick('p95'),
          p99: pick('p99'),
          errors: pick('errors'),
          peakRssMb: pick('peakRssMb'),
          serverCpuUsPerRequest: pick('serverCpuUsPerRequest'),
        },
        ratioToConstant:
          Math.round(median(own.map((r, i) => r.rps / (constant[i]?.rps ?? Number.NaN))) * 1000) / 1000,
      };
    }
    return { target: target.kind, idleRssMb, sampleSize: sample.length, scenarios: summaries };
  } finally {
    await server.stop();
  }
}
