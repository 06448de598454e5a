import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationMessages } from '#shared/api/verification.ts';
import { countingStatements } from '../../test/counting-statements.ts';
import { insertPerson } from '../../test/people.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { prepareFindCertificateId } from './find-certificate-id.ts';

// A tiny PBKDF2 cost keeps solving fast in Node; the browser's cost is measured separately.
const POW_ENV = { VERIFY_POW_COST: '1', AUTH_SECRET: 'x'.repeat(40) };

// One app per configuration, built once: each test uses its own identification numbers.
const harnesses: TestApp[] = [];
let shared: TestApp;
beforeAll(async () => {
  shared = await setUp();
});
afterAll(async () => {
  await Promise.all(harnesses.map((h) => h.close()));
});

async function setUp(env: Record<string, string> = {}) {
  const harness = await createTestApp({ ...POW_ENV, ...env });
  harnesses.push(harness);
  return harness;
}

let nextFin = 1000000;
/** A FIN no other test uses, so tests sharing one database never see each other's rows. */
const uniqueFin = () => `G${nextFin++}A`;

async function solvedProof(app: TestApp['app']): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/api/verify/challenge' })).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function verify(app: TestApp['app'], body: Record<string, unknown>, withProof = true) {
  const altcha = withProof ? await solvedProof(app) : undefined;
  return app.inject({ method: 'POST', url: '/api/verify', payload: { altcha, ...body } });
}

describe('POST /api/verify', () => {
  it('answers the id of the record matching both numbers', async () => {
    const fin = uniqueFin();
    const { app, database } = shared;
    const row = await insertPerson(database.db, { finNumber: fin, eCertNumber: 'SEC-0001' });
    await insertPerson(database.db, { finNumber: fin, eCertNumber: 'SEC-0002' });

    const response = await verify(app, { finNumber: fin, eCertNumber: 'SEC-0001' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: row.id });
  });

  it('answers 404 NO_MATCH with the spec message when nothing matches', async () => {
    const fin = uniqueFin();
    const { app, database } = shared;
    await insertPerson(database.db, { finNumber: fin, eCertNumber: 'SEC-0001' });

    const response = await verify(app, { finNumber: fin, eCertNumber: 'SEC-9999' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'NO_MATCH',
      message: verificationMessages.noMatch,
    });
  });

  it('trims surrounding spaces but is otherwise exact and case-sensitive', async () => {
    const fin = uniqueFin();
    const { app, database } = shared;
    const row = await insertPerson(database.db, { finNumber: fin, eCertNumber: 'SEC-0001' });

    const trimmed = await verify(app, { finNumber: `  ${fin} `, eCertNumber: '\tSEC-0001  ' });
    const lowerCase = await verify(app, { finNumber: fin.toLowerCase(), eCertNumber: 'SEC-0001' });
    const prefix = await verify(app, { finNumber: fin.slice(0, -1), eCertNumber: 'SEC-0001' });

    expect(trimmed.json()).toEqual({ id: row.id });
    expect(lowerCase.statusCode).toBe(404);
    expect(prefix.statusCode).toBe(404);
  });

  it('does not match a deleted record', async () => {
    const fin = uniqueFin();
    const { app, database } = shared;
    await insertPerson(database.db, { finNumber: fin, eCertNumber: 'SEC-0001', deletedAt: new Date() });

    const response = await verify(app, { finNumber: fin, eCertNumber: 'SEC-0001' });

    expect(response.statusCode).toBe(404);
  });

  it('answers each of many verifications sent at once with its own record', async () => {
    const env = await setUp({ VERIFY_POW: 'false' });
    const fin = uniqueFin();
    // Serials JSON must escape on their way into one batched query: quotes, a backslash, non-ASCII.
    const serials = ['SEC-"1"', 'SEC\\2', 'SÉC-3', "SEC-'4'"];
    const rows = await Promise.all(
      serials.map((eCertNumber) => insertPerson(env.database.db, { finNumber: fin, eCertNumber })),
    );
    const asked = [
      ...serials.map((eCertNumber, index) => ({
        body: { finNumber: fin, eCertNumber },
        id: rows[index]?.id,
      })),
      { body: { finNumber: fin, eCertNumber: 'SEC-"1"' }, id: rows[0]?.id },
      { body: { finNumber: fin, eCertNumber: 'sec-"1"' }, id: undefined },
      { body: { finNumber: uniqueFin(), eCertNumber: 'SEC-"1"' }, id: undefined },
    ];

    const answers = await Promise.all(
      asked.map(({ body }) => env.app.inject({ method: 'POST', url: '/api/verify', payload: body })),
    );

    expect(
      answers.map((answer) => (answer.statusCode === 200 ? answer.json().id : answer.statusCode)),
    ).toEqual(asked.map(({ id }) => id ?? 404));
  });

  it('looks up the pairs asked for at once with one statement', async () => {
    const { database } = shared;
    const fin = uniqueFin();
    const rows = await Promise.all(
      ['SEC-A', 'SEC-B'].map((eCertNumber) => insertPerson(database.db, { finNumber: fin, eCertNumber })),
    );
    const counting = countingStatements(database);
    const findCertificateId = prepareFindCertificateId(counting);

    const ids = await Promise.all(
      ['SEC-A', 'SEC-B', 'SEC-X'].map((serial) => findCertificateId(fin, serial)),
    );

    expect(ids).toEqual([rows[0]?.id, rows[1]?.id, null]);
    expect(counting.executions()).toBe(1);
  });

  it('rejects blank numbers with 400 naming the field', async () => {
    const { app } = shared;
    const response = await verify(app, { finNumber: '   ', eCertNumber: 'SEC-0001' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.finNumber).toMatch(/required/);
  });

  describe('proof of work', () => {
    it('rejects a request without a proof with a code the page translates', async () => {
      const fin = uniqueFin();
      const { app, database } = shared;
      await insertPerson(database.db, { finNumber: fin, eCertNumber: 'SEC-0001' });
      const response = await verify(app, { finNumber: fin, eCertNumber: 'SEC-0001' }, false);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('PROOF_REQUIRED');
      expect(response.json().fields).toHaveProperty('altcha');
    });

    it.each([
      ['not base64 JSON', '%%%not-base64%%%'],
      ['JSON of the wrong shape', Buffer.from('{"hello":1}').toString('base64')],
      [
        'an unsigned made-up challenge',
        Buffer.from(
          JSON.stringify({
            challenge: {
              parameters: {
                nonce: 'n',
                algorithm: 'PBKDF2/SHA-256',
                cost: 1,
                salt: 's',
                keyLength: 32,
                keyPrefix: '00',
              },
            },
            solution: { counter: 1, derivedKey: '00ff' },
          }),
        ).toString('base64'),
      ],
    ])('rejects a malformed proof: %s', async (_label, altcha) => {
      const fin = uniqueFin();
      const { app, database } = shared;
      await insertPerson(database.db, { finNumber: fin, eCertNumber: 'SEC-0001' });
      const response = await verify(app, { finNumber: fin, eCertNumber: 'SEC-0001', altcha }, false);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_PROOF');
    });

    it('rejects a wrong solution to a real challenge', async () => {
      const fin = uniqueFin();
      const { app } = shared;
      const challenge = (await app.inject({ method: 'GET', url: '/api/verify/challenge' })).json();
      const altcha = Buffer.from(
        JSON.stringify({ challenge, solution: { counter: 0, derivedKey: 'ff'.repeat(32) } }),
      ).toString('base64');
      const response = await verify(app, { finNumber: fin, eCertNumber: 'SEC-0001', altcha }, false);
      expect(response.statusCode).toBe(400);
    });

    it('accepts a solution once and rejects its replay', async () => {
      const fin = uniqueFin();
      const { app, database } = shared;
      await insertPerson(database.db, { finNumber: fin, eCertNumber: 'SEC-0001' });
      const altcha = await solvedProof(app);
      const body = { finNumber: fin, eCertNumber: 'SEC-0001', altcha };

      const first = await app.inject({ method: 'POST', url: '/api/verify', payload: body });
      const replay = await app.inject({ method: 'POST', url: '/api/verify', payload: body });

      expect(first.statusCode).toBe(200);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().code).toBe('INVALID_PROOF');
    });

    it('can be turned off for tests and benchmarks with VERIFY_POW=false', async () => {
      const fin = uniqueFin();
      const { app, database } = await setUp({ VERIFY_POW: 'false' });
      const row = await insertPerson(database.db, { finNumber: fin, eCertNumber: 'SEC-0001' });
      const response = await verify(app, { finNumber: fin, eCertNumber: 'SEC-0001' }, false);
      expect(response.json()).toEqual({ id: row.id });
    });
  });

  it('limits attempts per client with 429 and Retry-After', async () => {
    const { app } = await setUp({ VERIFY_POW: 'false', VERIFY_RATE_LIMIT: '3/10m' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await verify(app, { finNumber: 'X', eCertNumber: 'Y' }, false)).statusCode);
    }
    const limited = await verify(app, { finNumber: 'X', eCertNumber: 'Y' }, false);

    expect(statuses).toEqual([404, 404, 404, 429]);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits nobody when VERIFY_RATE_LIMIT=off (a proxy in front limits instead)', async () => {
    const { app } = await setUp({ VERIFY_POW: 'false', VERIFY_RATE_LIMIT: 'off' });
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const response = await verify(app, { finNumber: 'X', eCertNumber: 'Y' }, false);
      statuses.add(response.statusCode);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }

    expect([...statuses]).toEqual([404]);
  });
});
