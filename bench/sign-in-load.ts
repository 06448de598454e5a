// Does signing in hold up everyone else? GET /api/site one at a time, alone and then while rounds of
// 20 sign-ins run at once, against the real server in its own process (PGlite, shipped settings).
// Budget (a lone visitor is never refused): /api/site p99 under 50 ms during the sign-ins.
// Usage: npx tsx bench/sign-in-load.ts [--rounds 5] [--concurrent 20]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lockDataDir } from '../src/server/db/data-dir-lock.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { createStaffUser } from '../src/server/features/users/create-staff-user.ts';
import { createInstallation, STAFF_PASSWORD, startServer } from '../tests/faults/server-process.ts';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, concurrent: { type: 'string', default: '20' } },
});
const rounds = Number(values.rounds);
const concurrent = Number(values.concurrent);

// Each sign-in comes from an address and an account of its own, so the sign-in limits never answer.
const installation = await createInstallation(undefined, { TRUST_PROXY: '1' });
const emails = Array.from({ length: concurrent }, (_, i) => `bench-${i}@example.com`);
const unlock = lockDataDir(installation.dataDir);
const database = await openDatabase({ pgliteDir: path.join(installation.dataDir, 'db') });
for (const email of emails) await createStaffUser(database, { email, password: STAFF_PASSWORD }, null);
await database.close();
unlock();
const server = await startServer(installation);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
};

/** Asks for /api/site one request at a time until `until` resolves. */
async function sampleSite(until: Promise<unknown>) {
  let done = false;
  until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${installation.url}/api/site`);
    await response.arrayBuffer();
    if (response.status === 503) siteShed += 1;
    else if (response.status !== 200) throw new Error(`/api/site answered ${response.status}`);
    else latencies.push(performance.now() - started);
  }
  return latencies;
}

let siteShed = 0;
let signIns = 0;
let shed = 0;
let resets = 0;
const retryLater = async (email: string, address: string): Promise<number> => {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return signIn(email, address);
};
async function signIn(email: string, address: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${installation.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: installation.url, 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: STAFF_PASSWORD }),
  }).catch((error: Error) => error);
  if (response instanceof Error) {
    // A shed request whose body was left unread can take its reused connection down with it.
    resets += 1;
    return retryLater(email, address);
  }
  await response.arrayBuffer();
  if (response.status === 503) {
    // Refused by the load shedding: come back after Retry-After, as a browser's user would.
    shed += 1;
    return retryLater(email, address);
  }
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  signIns += 1;
  return performance.now() - started;
}

const signInRound = (round: number) =>
  Promise.all(emails.map((email, i) => signIn(email, `10.0.${round}.${i + 1}`)));

try {
  const alone = await sampleSite(new Promise((resolve) => setTimeout(resolve, 3_000)));
  const signInLatencies: number[] = [];
  const load = (async () => {
    for (let round = 0; round < rounds; round++) signInLatencies.push(...(await signInRound(round)));
  })();
  const during = await sampleSite(load);
  await load;

  const result = {
    date: new Date().toISOString(),
    host: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadAverage: os.loadavg() },
    rounds,
    concurrent,
    signIns,
    signInsShed: shed,
    signInsReset: resets,
    siteAlone: summary(alone),
    siteDuringSignIns: summary(during),
    siteShed,
    signIn: summary(signInLatencies),
  };
  const out = path.resolve(import.meta.dirname, 'results', `sign-in-load-${result.date.slice(0, 10)}.json`);
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(`written to ${path.relative(process.cwd(), out)}`);
  process.exitCode = result.siteDuringSignIns.p99Ms < 50 && siteShed === 0 ? 0 : 1;
} finally {
  await server.kill('SIGTERM');
  installation.remove();
}
