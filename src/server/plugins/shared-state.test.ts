import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { insertPerson } from '../test/people.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The machine's Redis, on a database number no other test uses; emptied before the tests.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/12';

/** Whether a Redis answers at `url`. */
async function reachable(url: string) {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  const up = await probe.connect().then(
    () => true,
    () => false,
  );
  probe.disconnect();
  return up;
}
// CI's machine has both; elsewhere the tests say what they need instead of failing.
const machineRedis = await reachable(REDIS_URL);
const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;
// Two instances of one deployment share their secret; a tiny PBKDF2 cost keeps solving fast.
const INSTANCE_ENV = {
  REDIS_URL,
  AUTH_SECRET: 's'.repeat(40),
  VERIFY_POW_COST: '1',
  VERIFY_RATE_LIMIT: '5/1m',
};

async function solvedProof(app: TestApp['app']): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/api/verify/challenge' })).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const verify = (app: TestApp['app'], altcha: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/verify',
    remoteAddress,
    payload: { altcha, finNumber: 'S1234567Z', eCertNumber: 'SHARED-1' },
  });

let clientNumber = 1;
/** An address no earlier request (of this run or one a minute ago) has come from. */
const newClient = () => `10.${(Date.now() >> 16) & 255}.${(Date.now() >> 8) & 255}.${clientNumber++}`;

describe.skipIf(!machineRedis)('two instances with one REDIS_URL (needs a Redis at TEST_REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    redis.disconnect();
    [a, b] = await Promise.all([createTestApp(INSTANCE_ENV), createTestApp(INSTANCE_ENV)]);
    await insertPerson(a.database.db, { finNumber: 'S1234567Z', eCertNumber: 'SHARED-1' });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('hold one verification limit: the 6th attempt from a client answers 429, wherever it lands', async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const instance = attempt % 2 === 0 ? a.app : b.app;
      statuses.push((await verify(instance, await solvedProof(instance), client)).statusCode);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
  });

  it('hold one limit of FIN checks per credential: the 6th, from a 6th client, answers 429', async () => {
    const credentialId = `${a.app.config.publicUrl}/info/${randomUUID()}`;
    const statuses: number[] = [];
    for (let guess = 0; guess < 6; guess++) {
      const instance = guess % 2 === 0 ? a.app : b.app;
      const answer = await instance.inject({
        method: 'POST',
        url: '/api/credentials/check-fin',
        remoteAddress: newClient(),
        payload: { credentialId, finNumber: `G000000${guess}A` },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('accept a proof-of-work solution once: what A accepted, B refuses', async () => {
    const altcha = await solvedProof(a.app);
    expect((await verify(a.app, altcha, newClient())).statusCode).toBe(200);
    const replayed = await verify(b.app, altcha, newClient());
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().fields).toHaveProperty('altcha');
  });
});

/** A private redis-server on a free port, which the test may stop. */
async function startRedis(port?: number): Promise<{ url: string; port: number; process: ChildProcess }> {
  port ??= await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}/0`;
  for (let tries = 0; tries < 50; tries++) {
    if (await reachable(url)) return { url, port, process: child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

describe.skipIf(!redisServerInstalled)('Redis going away under load (needs redis-server)', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let instance: TestApp;
  beforeAll(async () => {
    redis = await startRedis();
    instance = await createTestApp({ ...INSTANCE_ENV, REDIS_URL: redis.url, VERIFY_RATE_LIMIT: '4/1m' });
    await insertPerson(instance.database.db, { finNumber: 'S1234567Z', eCertNumber: 'SHARED-1' });
  });
  afterAll(async () => {
    redis?.process.kill('SIGKILL');
    await instance?.close();
  });

  it('keeps verification answering, and each instance keeps its limits in memory meanwhile', async () => {
    const { app } = instance;
    // One at a time: 24 at once on a loaded machine may be shed, and shedding is not what this tests.
    const proofs: string[] = [];
    for (let i = 0; i < 24; i++) proofs.push(await solvedProof(app));
    const clients = Array.from({ length: 8 }, newClient);
    // 8 clients verify at once while Redis is stopped in the middle of it.
    const attempts = proofs.slice(0, 16).map(async (altcha, i) => {
      if (i === 8) redis.process.kill('SIGKILL');
      return (await verify(app, altcha, clients[i % 8] as string)).statusCode;
    });
    const duringStop = await Promise.all(attempts);
    expect(duringStop.filter((status) => status >= 500)).toEqual([]);
    expect(duringStop).toContain(200);

    // Redis is gone: one client's attempts are still counted, by this instance alone.
    const client = newClient();
    const alone: number[] = [];
    for (const altcha of proofs.slice(16, 21)) alone.push((await verify(app, altcha, client)).statusCode);
    expect(alone.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(alone[4]).toBe(429);
  });

  it('shares its limits again once Redis is back, without a restart', async () => {
    const { app } = instance;
    redis = await startRedis(redis.port);
    const fresh = new Redis(redis.url);
    try {
      const deadline = Date.now() + 10_000;
      while ((await app.inject({ url: '/api/health/ready' })).json().checks.redis !== 'ok') {
        if (Date.now() > deadline) throw new Error('the instance did not reconnect to Redis');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await fresh.keys('ecert:*')).toEqual([]);
      expect((await verify(app, await solvedProof(app), newClient())).statusCode).toBe(200);
      expect((await fresh.keys('ecert:rate-limit:*')).length).toBe(1);
      expect((await fresh.keys('ecert:pow-used:*')).length).toBe(1);
    } finally {
      fresh.disconnect();
    }
  });
});
