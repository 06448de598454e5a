// Stop PostgreSQL under load and start it again: 503 meanwhile, recovery without a restart.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/test/free-port.ts';
import {
  createInstallation,
  type Installation,
  type RunningServer,
  sleep,
  startServer,
} from './server-process.ts';

/** The newest PostgreSQL server binaries on this machine (Debian's layout). */
function findPostgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  return versions
    .map((version) => path.join(base, version, 'bin'))
    .find((bin) => fs.existsSync(`${bin}/pg_ctl`));
}

/**
 * A PostgreSQL cluster of the test's own, on its own port, so stopping it disturbs nothing else.
 * As root the server must run as the `postgres` user.
 */
async function createCluster(bin: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-pg-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:', dir]);
  const pgCommand = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', `${bin}/${tool}`, ...args], { stdio: 'pipe' })
      : execFileSync(`${bin}/${tool}`, args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  pgCommand('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    pgCommand('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => pgCommand('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Sample {
  phase: 'before' | 'stopping' | 'down' | 'after';
  url: string;
  status: number;
  code?: string;
}

const postgresBin = findPostgresBin();

// Runs in the PostgreSQL pass of the suite (DATABASE_URL set), where PostgreSQL is known to be installed.
describe.runIf(process.env.DATABASE_URL && postgresBin)('PostgreSQL stopped under load', () => {
  let cluster: Awaited<ReturnType<typeof createCluster>>;
  let installation: Installation;
  let server: RunningServer;
  const samples: Sample[] = [];
  let recoveredAfterMs = -1;

  beforeAll(async () => {
    cluster = await createCluster(postgresBin as string);
    installation = await createInstallation(cluster.url);
    server = await startServer(installation);

    const state = { phase: 'before' as Sample['phase'], running: true };
    const load = Array.from({ length: 4 }, (_, worker) => sendLoad(installation, worker, state, samples));
    await sleep(1_500);
    // Requests begun while the server shuts down may go either way; they are not judged.
    state.phase = 'stopping';
    cluster.stop();
    state.phase = 'down';
    await sleep(3_000);
    cluster.start();
    const restarted = Date.now();
    state.phase = 'after';
    while (Date.now() - restarted < 30_000) {
      const health = await fetch(`${installation.url}/api/health`);
      if (health.status === 200) {
        recoveredAfterMs = Date.now() - restarted;
        break;
      }
      await sleep(100);
    }
    await sleep(1_000);
    state.running = false;
    await Promise.all(load);
  }, 180_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    installation?.remove();
    cluster?.remove();
  });

  it('answers normally before the stop', () => {
    const before = samples.filter((sample) => sample.phase === 'before');
    expect(before.length).toBeGreaterThan(10);
    expect(before.filter((sample) => sample.status >= 500)).toEqual([]);
  });

  it('answers 503 UNAVAILABLE while the database is down, health included, and never 500', () => {
    const down = samples.filter((sample) => sample.phase === 'down');
    expect(down.some((sample) => sample.url === '/api/health' && sample.status === 503)).toBe(true);
    expect(down.some((sample) => sample.url === '/api/verify' && sample.status === 503)).toBe(true);
    const failures = down.filter((sample) => sample.status >= 500);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.filter((sample) => sample.status !== 503 || sample.code !== 'UNAVAILABLE')).toEqual([]);
  });

  it('recovers once PostgreSQL is back, in the same process', async () => {
    expect(recoveredAfterMs).toBeGreaterThanOrEqual(0);
    expect(server.process.exitCode).toBeNull();
    const after = samples.filter((sample) => sample.phase === 'after');
    expect(after.at(-1)?.status).toBeLessThan(500);
    const verify = await postVerify(installation);
    expect(verify.status).toBe(404);
  });
});

function postVerify(installation: Installation) {
  return fetch(`${installation.url}/api/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: installation.url },
    body: JSON.stringify({ finNumber: 'S0000000Z', eCertNumber: randomUUID(), altcha: 'unused' }),
  });
}

/** Health, verification and record-page requests in turn, until told to stop. */
async function sendLoad(
  installation: Installation,
  worker: number,
  state: { phase: Sample['phase']; running: boolean },
  samples: Sample[],
) {
  const requests = [
    ['/api/health', () => fetch(`${installation.url}/api/health`)],
    ['/api/verify', () => postVerify(installation)],
    ['/api/certificates', () => fetch(`${installation.url}/api/certificates/${randomUUID()}`)],
  ] as const;
  for (let turn = worker; state.running; turn++) {
    const [url, send] = requests[turn % requests.length] as (typeof requests)[number];
    const phase = state.phase;
    const response = await send();
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    // A request that straddles a change (the server was still working on it) is not judged.
    if (state.phase === phase) samples.push({ phase, url, status: response.status, code: body.code });
  }
}
