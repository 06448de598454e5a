// Two real server processes on one PostgreSQL database, one Redis and one S3 bucket, as behind a
// load balancer: what one instance did, the other sees, and killing one loses nothing acknowledged.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { person } from '../../src/server/db/schema/index.ts';
import { sweepOrphanFiles } from '../../src/server/features/uploads/sweep-orphan-files.ts';
import { freePort } from '../../src/server/test/free-port.ts';
import { startS3 } from '../../src/server/test/s3-server.ts';
import { createScratchDatabase } from '../../src/server/test/scratch-database.ts';
import {
  multipartForm,
  personFields,
  personFiles,
  storedKeys,
} from '../../src/server/test/upload-fixtures.ts';
import {
  createUserByCli,
  type Installation,
  type RunningServer,
  STAFF_PASSWORD,
  sleep,
  startServer,
} from './server-process.ts';

const adminUrl = process.env.DATABASE_URL;
const REDIS_URL = process.env.TEST_FAULTS_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const EMAIL = 'two-instances@example.com';
const RUN = `T${Date.now().toString(36).toUpperCase()}`;

describe.skipIf(!adminUrl)('two instances behind one address (PostgreSQL, Redis, S3)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let a: Installation;
  let b: Installation;
  const servers: Record<'a' | 'b', RunningServer | undefined> = { a: undefined, b: undefined };
  let origin: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string);
    s3 = await startS3();
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    redis.disconnect();
    const [portA, portB] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${portA}`;
    const shared = {
      ...s3.env,
      DATABASE_URL: scratch.url,
      REDIS_URL,
      AUTH_SECRET: 'two-instances-secret-'.padEnd(48, 'x'),
      // One public address, as a load balancer gives; clients told apart by X-Forwarded-For.
      PUBLIC_URL: origin,
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      VERIFY_RATE_LIMIT: '5/1m',
      VERIFY_POW_COST: '1',
    };
    const installation = (port: number): Installation => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-two-'));
      return {
        env: { ...shared, DATA_DIR: dataDir, PORT: String(port) },
        dataDir,
        url: `http://127.0.0.1:${port}`,
        filesDir: path.join(dataDir, 'files'),
        remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    };
    [a, b] = [installation(portA), installation(portB)];
    await createUserByCli(a.env, { email: EMAIL, password: STAFF_PASSWORD });
    // Started together on one database: the migrations run once (the other waits for the lock).
    [servers.a, servers.b] = await Promise.all([startServer(a), startServer(b)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([servers.a?.kill('SIGTERM'), servers.b?.kill('SIGTERM')]);
    await s3?.close();
    await scratch?.drop();
    a?.remove();
    b?.remove();
  });

  const client = (n: number) => ({ 'x-forwarded-for': `192.0.2.${n}` });

  async function solved(instance: Installation) {
    const challenge = (await (await fetch(`${instance.url}/api/verify/challenge`)).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
  const verify = (instance: Installation, altcha: string, headers: Record<string, string>) =>
    fetch(`${instance.url}/api/verify`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ altcha, finNumber: 'X0000000X', eCertNumber: 'NONE' }),
    });

  async function signInOn(instance: Installation) {
    const response = await fetch(`${instance.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...client(200) },
      body: JSON.stringify({ email: EMAIL, password: STAFF_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0] ?? '')
      .find((pair) => pair.includes('session_token='));
    return { cookie: cookie ?? '', origin };
  }

  it('hold one verification limit: the 6th attempt of a client answers 429, wherever it lands', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      statuses.push((await verify(instance, await solved(instance), client(1))).status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('accept a proof of work once: a solution A accepted, B refuses', async () => {
    const altcha = await solved(a);
    expect((await verify(a, altcha, client(2))).status).toBe(404);
    const replayed = await verify(b, altcha, client(3));
    expect(replayed.status).toBe(400);
    expect(((await replayed.json()) as { fields: object }).fields).toHaveProperty('altcha');
  });

  it('share records and files: added on A, read with its files on B; edited on B, seen on A', async () => {
    const headers = await signInOn(a);
    const form = multipartForm(
      personFields({ finNumber: `${RUN}S`, name: 'Shared Person' }),
      await personFiles(),
    );
    const created = await fetch(`${a.url}/api/people`, { method: 'POST', headers, body: form });
    expect(created.status).toBe(201);
    const added = (await created.json()) as { id: string; passportImage: { url: string } };

    const onB = await fetch(`${b.url}/api/people/${added.id}`, { headers });
    expect(onB.status).toBe(200);
    const fileOnA = Buffer.from(
      await (await fetch(`${a.url}${added.passportImage.url}`, { headers })).arrayBuffer(),
    );
    const fileOnB = await fetch(`${b.url}${added.passportImage.url}`, { headers });
    expect(fileOnB.status).toBe(200);
    expect(Buffer.from(await fileOnB.arrayBuffer())).toEqual(fileOnA);

    const edit = multipartForm({ name: 'Renamed On B' });
    expect(
      (await fetch(`${b.url}/api/people/${added.id}`, { method: 'PATCH', headers, body: edit })).status,
    ).toBe(200);
    const seenOnA = (await (await fetch(`${a.url}/api/people/${added.id}`, { headers })).json()) as {
      name: string;
    };
    expect(seenOnA.name).toBe('Renamed On B');
  });

  it('share sessions: made on A, it works on B; signed out on B, it ends on A', async () => {
    const headers = await signInOn(a);
    expect((await fetch(`${b.url}/api/people`, { headers })).status).toBe(200);
    const signOut = await fetch(`${b.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    expect((await fetch(`${a.url}/api/people`, { headers })).status).toBe(401);
  });

  it('lose no acknowledged write when A is killed during uploads: B serves, A restarted leaves no orphan', async () => {
    const headers = await signInOn(a);
    const acknowledged: string[] = [];
    const stop = { now: false };
    const upload = async (n: number) => {
      for (let i = 0; !stop.now; i++) {
        const form = multipartForm(
          personFields({ finNumber: `${RUN}K${n}`, eCertNumber: `${RUN}-K${n}-${i}` }),
          await personFiles(),
        );
        const response = await fetch(`${a.url}/api/people`, { method: 'POST', headers, body: form });
        if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
      }
    };
    const workers = [1, 2, 3].map((n) => upload(n).catch(() => undefined));
    const deadline = Date.now() + 60_000;
    while (acknowledged.length < 3 && Date.now() < deadline) await sleep(20);
    await servers.a?.kill('SIGKILL');
    stop.now = true;
    await Promise.all(workers);

    // B keeps serving every acknowledged record, with its files.
    for (const id of acknowledged) {
      const record = await fetch(`${b.url}/api/people/${id}`, { headers });
      expect(record.status).toBe(200);
      const { passportImage } = (await record.json()) as { passportImage: { url: string } };
      expect((await fetch(`${b.url}${passportImage.url}`, { headers })).status).toBe(200);
    }

    servers.a = await startServer(a);
    expect((await fetch(`${a.url}/api/people/${acknowledged[0]}`, { headers })).status).toBe(200);

    // Once the sweep's grace period has passed, the bucket holds exactly the files rows refer to.
    const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: '' });
    try {
      const bucket = s3.bucket;
      await sweepOrphanFiles(database.db, bucket, { now: new Date(Date.now() + 24 * 3_600_000) });
      const rows = await database.db.select().from(person);
      const referenced = new Set(
        rows.flatMap((row) =>
          [row.passportImage, row.certificateImage, row.signatureImage, row.pdf].flatMap((file) =>
            file ? [file.key, ...(file.thumbnailKey ? [file.thumbnailKey] : [])] : [],
          ),
        ),
      );
      expect(await storedKeys(bucket)).toEqual([...referenced].sort());
    } finally {
      await database.close();
    }
  }, 120_000);
});
