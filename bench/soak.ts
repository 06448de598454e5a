// A steady mixed workload against the real server in its own process: verification, record pages,
// staff search and uploads. Reports the server's RSS and open file descriptors every 30 s and fails
// on any error. Usage: npx tsx bench/soak.ts [--minutes 5] [--rate 40]   (requests per second)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PersonView } from '#shared/api/people.ts';
import { createScratchDatabase } from '../src/server/test/scratch-database.ts';
import { multipartForm, personFields, personFiles } from '../src/server/test/upload-fixtures.ts';
import { createInstallation, signIn, startServer } from '../tests/faults/server-process.ts';

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '5' }, rate: { type: 'string', default: '40' } },
});
const durationMs = Number(values.minutes) * 60_000;
const ratePerSecond = Number(values.rate);

// Shares of the traffic; an upload carries three images and a PDF, so it is the rare heavy one.
const mix = [
  ['verify', 0.4],
  ['record', 0.3],
  ['search', 0.25],
  ['upload', 0.05],
] as const;
type Kind = (typeof mix)[number][0];

interface Sample {
  atSeconds: number;
  rssMb: number;
  openFds: number;
  requests: number;
  errors: number;
}

// On PostgreSQL the soak writes into a database of its own, dropped at the end.
const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
// The product's own load shedding, as shipped.
const installation = await createInstallation(scratch?.url);
const server = await startServer(installation);
const pid = server.process.pid as number;
const headers = await signIn(installation);
const people: PersonView[] = [];
interface KindStats {
  count: number;
  errors: number;
  /** Answered 503 at once by the load shedding. */
  shed: number;
  /** Never connected: the kernel held the connection until the client gave up. */
  connectFailures: number;
  latencies: number[];
}
const stats = new Map<Kind, KindStats>(
  mix.map(([kind]) => [kind, { count: 0, errors: 0, shed: 0, connectFailures: 0, latencies: [] }]),
);
const failures: string[] = [];

async function upload(): Promise<Response> {
  const form = multipartForm(personFields({ finNumber: `S${people.length}SOAK` }), await personFiles());
  const response = await fetch(`${installation.url}/api/people`, { method: 'POST', headers, body: form });
  if (response.status === 201) people.push((await response.clone().json()) as PersonView);
  return response;
}

const send: Record<Kind, () => Promise<Response>> = {
  upload,
  verify: () => {
    const person = pick(people);
    // Half the checks are for a pair that exists, half for one that does not.
    const eCertNumber = Math.random() < 0.5 ? person.eCertNumber : `${person.eCertNumber}-X`;
    return fetch(`${installation.url}/api/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: installation.url },
      body: JSON.stringify({ finNumber: person.finNumber, eCertNumber, altcha: 'off' }),
    });
  },
  record: () => fetch(`${installation.url}/api/certificates/${pick(people).id}`),
  search: () => {
    const name = pick(people).eCertNumber;
    const start = Math.floor(Math.random() * (name.length - 4));
    const q = encodeURIComponent(name.slice(start, start + 3 + Math.floor(Math.random() * 4)));
    return fetch(`${installation.url}/api/people?q=${q}&page=1&pageSize=20`, { headers });
  },
};

const expectedStatus: Record<Kind, number[]> = {
  upload: [201],
  verify: [200, 404],
  record: [200],
  search: [200],
};

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)] as T;
}

function chooseKind(): Kind {
  let roll = Math.random();
  for (const [kind, share] of mix) {
    roll -= share;
    if (roll <= 0) return kind;
  }
  return 'verify';
}

async function one(kind: Kind) {
  const entry = stats.get(kind) as KindStats;
  const started = performance.now();
  try {
    const response = await send[kind]();
    await response.arrayBuffer();
    entry.latencies.push(performance.now() - started);
    if (!expectedStatus[kind].includes(response.status)) {
      entry.errors += 1;
      if (response.status === 503) entry.shed += 1;
      failures.push(`${kind}: ${response.status}`);
    }
  } catch (error) {
    entry.errors += 1;
    const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
    if (cause?.code === 'UND_ERR_CONNECT_TIMEOUT') entry.connectFailures += 1;
    failures.push(`${kind}: ${(error as Error).message} (${cause?.code ?? cause?.message ?? 'no cause'})`);
  }
  entry.count += 1;
}

function readServer(): { rssMb: number; openFds: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(rssKb / 102.4) / 10, openFds: fs.readdirSync(`/proc/${pid}/fd`).length };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

try {
  for (let i = 0; i < 10; i++) await one('upload');
  const samples: Sample[] = [];
  const began = Date.now();
  const record = () => {
    const totals = [...stats.values()];
    samples.push({
      atSeconds: Math.round((Date.now() - began) / 1000),
      ...readServer(),
      requests: totals.reduce((sum, entry) => sum + entry.count, 0),
      errors: totals.reduce((sum, entry) => sum + entry.errors, 0),
    });
    console.log(JSON.stringify(samples.at(-1)));
  };
  record();
  const sampler = setInterval(record, 30_000);
  // Open-loop: requests start on schedule whether or not earlier ones have finished.
  const inFlight = new Set<Promise<void>>();
  for (let next = 0; Date.now() - began < durationMs; next++) {
    const due = began + (next * 1000) / ratePerSecond;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const request = one(chooseKind()).finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  clearInterval(sampler);
  record();

  const byKind = Object.fromEntries(
    [...stats].map(([kind, entry]) => {
      const sorted = [...entry.latencies].sort((a, b) => a - b);
      const round = (ms: number) => Math.round(ms * 10) / 10;
      return [
        kind,
        {
          count: entry.count,
          errors: entry.errors,
          shed: entry.shed,
          connectFailures: entry.connectFailures,
          p50Ms: round(percentile(sorted, 50)),
          p99Ms: round(percentile(sorted, 99)),
        },
      ];
    }),
  );
  const result = {
    date: new Date().toISOString(),
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    minutes: Number(values.minutes),
    ratePerSecond,
    byKind,
    samples,
    failures: failures.slice(0, 20),
  };
  const out = path.resolve(
    import.meta.dirname,
    'results',
    `soak-${result.database}-${result.date.slice(0, 10)}-${ratePerSecond}rps.json`,
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.table(byKind);
  console.log(`written to ${path.relative(process.cwd(), out)}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} finally {
  await server.kill('SIGTERM');
  installation.remove();
  await scratch?.drop();
}
