// A rolling restart behind a load balancer: each of two instances in turn gets SIGTERM, drains and
// starts again while 25 requests a second of mixed staff and public traffic go on. None may fail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryWhenBusy } from '../../src/client/lib/retry-when-busy.ts';
import { freePort } from '../../src/server/test/free-port.ts';
import { startS3 } from '../../src/server/test/s3-server.ts';
import { createScratchDatabase } from '../../src/server/test/scratch-database.ts';
import { multipartForm, personFields, personFiles } from '../../src/server/test/upload-fixtures.ts';
import { type LoadBalancer, startLoadBalancer } from './load-balancer.ts';
import {
  createUserByCli,
  type Installation,
  type RunningServer,
  STAFF_PASSWORD,
  sleep,
  startServer,
} from './server-process.ts';

const adminUrl = process.env.DATABASE_URL;
const EMAIL = 'rolling-restart@example.com';
// What one instance carries alone, with the other one starting beside it, on a slow two-core
// machine that also runs the rest of CI: at 50 a second there, the overload rule refused staff
// lists for longer than a client tries again.
const RATE_PER_SECOND = 25;

interface Outcome {
  kind: string;
  status: number | 'error';
  sentAt: number;
  /** Why the request failed without an answer, for the failure's message. */
  error?: string;
}

describe.skipIf(!adminUrl)('a rolling restart of two instances under 25 requests a second', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let balancer: LoadBalancer;
  const installations: Record<'a' | 'b', Installation | undefined> = { a: undefined, b: undefined };
  const servers: Record<'a' | 'b', RunningServer | undefined> = { a: undefined, b: undefined };
  const outcomes: Outcome[] = [];
  const restarts: { name: string; stoppedAt: number; readyAgainAt: number }[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string);
    s3 = await startS3();
    const [portA, portB, portBalancer] = [await freePort(), await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${portBalancer}`;
    const installation = (port: number): Installation => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-rolling-'));
      return {
        env: {
          ...s3.env,
          DATABASE_URL: scratch.url,
          AUTH_SECRET: 'rolling-restart-secret-'.padEnd(48, 'x'),
          PUBLIC_URL: origin,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          VERIFY_POW: 'false',
          VERIFY_RATE_LIMIT: '100000/1m',
          // Three failed readiness checks take an instance out of the balancer, each answered or
          // timed out within its 2 s: it has stopped sending before the instance closes, even on a
          // busy machine where the draining instance is slow to answer.
          SHUTDOWN_DRAIN_SECONDS: '6',
          SHUTDOWN_GRACE_SECONDS: '20',
        },
        dataDir,
        url: `http://127.0.0.1:${port}`,
        filesDir: path.join(dataDir, 'files'),
        remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    };
    installations.a = installation(portA);
    installations.b = installation(portB);
    await createUserByCli(installations.a.env, { email: EMAIL, password: STAFF_PASSWORD });
    [servers.a, servers.b] = await Promise.all([startServer(installations.a), startServer(installations.b)]);
    balancer = await startLoadBalancer(
      [
        { name: 'a', url: installations.a.url },
        { name: 'b', url: installations.b.url },
      ],
      portBalancer,
    );

    const headers = await signInThrough(balancer.url);
    const created = await fetch(`${balancer.url}/api/people`, {
      method: 'POST',
      headers,
      body: multipartForm(personFields({ finNumber: 'S1234567D' }), await personFiles()),
    });
    expect(created.status).toBe(201);
    const added = (await created.json()) as { id: string; finNumber: string; eCertNumber: string };

    const mix = trafficMix(balancer.url, headers, added);
    const started = performance.now();
    const pending: Promise<void>[] = [];
    let stop = false;
    const traffic = (async () => {
      for (let sent = 0; !stop; sent++) {
        const due = started + (sent * 1000) / RATE_PER_SECOND;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const request = mix[sent % mix.length] as (typeof mix)[number];
        pending.push(
          request.send().then(
            (status) => void outcomes.push({ kind: request.kind, status, sentAt: due - started }),
            (error: unknown) =>
              void outcomes.push({
                kind: request.kind,
                status: 'error',
                sentAt: due - started,
                error: errorChain(error),
              }),
          ),
        );
      }
    })();

    await sleep(2_000);
    for (const name of ['a', 'b'] as const) {
      const stoppedAt = performance.now() - started;
      await servers[name]?.kill('SIGTERM');
      servers[name] = await startServer(installations[name] as Installation);
      while (!balancer.isReady(name)) await sleep(50);
      restarts.push({ name, stoppedAt, readyAgainAt: performance.now() - started });
      await sleep(1_000);
    }
    await sleep(1_000);
    stop = true;
    await traffic;
    await Promise.all(pending);
  }, 240_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all([servers.a?.kill('SIGTERM'), servers.b?.kill('SIGTERM')]);
    await s3?.close();
    await scratch?.drop();
    installations.a?.remove();
    installations.b?.remove();
  });

  it('answers every request normally while each instance drains, stops and starts again', () => {
    expect(restarts.map((restart) => restart.name)).toEqual(['a', 'b']);
    const failed = outcomes.filter((outcome) => outcome.status !== 200);
    expect(failed, JSON.stringify({ failed: failed.slice(0, 10), restarts })).toEqual([]);
    // Traffic went on all along: about 25 a second from before the first stop to after the last start.
    const seconds = (restarts.at(-1)?.readyAgainAt ?? 0) / 1000 + 2;
    expect(outcomes.length).toBeGreaterThan(RATE_PER_SECOND * seconds * 0.9);
    for (const kind of ['staff list', 'record', 'edit', 'verification'])
      expect(outcomes.filter((outcome) => outcome.kind === kind).length).toBeGreaterThan(20);
  });

  it("keeps its own connections to clients: an instance's keep-alive is not passed on", async () => {
    // The instances keep idle connections 72 s, the balancer 5 s: told 72, clients would send on
    // connections the balancer is closing, and those requests fail without an answer.
    const response = await fetch(`${balancer.url}/api/health`);
    expect(response.headers.get('keep-alive')).toBe('timeout=5');
    await response.arrayBuffer();
  });

  it('sent traffic to both instances, and to each again after its restart', () => {
    expect(balancer.served.a).toBeGreaterThan(RATE_PER_SECOND);
    expect(balancer.served.b).toBeGreaterThan(RATE_PER_SECOND);
    const [first, second] = restarts;
    const servedBetween = (from = 0, to = Number.POSITIVE_INFINITY) =>
      outcomes.filter((outcome) => outcome.sentAt > from && outcome.sentAt < to).length;
    // While one instance restarted, the other carried everything.
    expect(servedBetween(first?.stoppedAt, first?.readyAgainAt)).toBeGreaterThan(RATE_PER_SECOND);
    expect(servedBetween(second?.stoppedAt, second?.readyAgainAt)).toBeGreaterThan(RATE_PER_SECOND);
  });
});

/** An error and its causes in one line: fetch's own says only "fetch failed". */
const errorChain = (error: unknown): string =>
  error instanceof Error
    ? [`${error.name}: ${error.message}`, ...(error.cause ? [errorChain(error.cause)] : [])].join(' <- ')
    : String(error);

async function signInThrough(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: EMAIL, password: STAFF_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.includes('session_token='));
  return { cookie: cookie ?? '', origin: url };
}

/**
 * Staff reading and writing, and the public verifying: each a request and its status. Each is sent
 * as the portal's client sends it, again after the wait a "busy" answer asks for: the overload rule
 * may refuse a staff list while one instance carries everything, and a person never sees that.
 */
function trafficMix(
  url: string,
  headers: Record<string, string>,
  record: { id: string; finNumber: string; eCertNumber: string },
) {
  const statusOf = async (send: () => Promise<Response>) => {
    const response = await retryWhenBusy(send);
    await response.arrayBuffer();
    return response.status;
  };
  let edits = 0;
  return [
    {
      kind: 'staff list',
      send: () => statusOf(() => fetch(`${url}/api/people?q=S1234567D`, { headers })),
    },
    { kind: 'record', send: () => statusOf(() => fetch(`${url}/api/people/${record.id}`, { headers })) },
    {
      kind: 'edit',
      send: () => {
        edits += 1;
        const name = `Rolling Restart ${edits}`;
        return statusOf(() =>
          fetch(`${url}/api/people/${record.id}`, {
            method: 'PATCH',
            headers,
            body: multipartForm({ name }),
          }),
        );
      },
    },
    {
      kind: 'verification',
      send: () =>
        statusOf(() =>
          fetch(`${url}/api/verify`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: url },
            body: JSON.stringify({ finNumber: record.finNumber, eCertNumber: record.eCertNumber }),
          }),
        ),
    },
  ];
}
