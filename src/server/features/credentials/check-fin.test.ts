import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saltedFinMatches, saltedFinOf } from '#shared/rules/identity-hash.ts';
import {
  createCredentialsTestApp,
  downloadCredential,
  signedWithSaltedFin,
  TEST_PUBLIC_URL,
} from '../../test/credentials-test-kit.ts';
import { insertPerson } from '../../test/people.ts';
import type { TestApp } from '../../test/test-app.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createCredentialsTestApp();
});
afterAll(async () => {
  await harness.close();
});

// Each test asks from an address of its own: the verification budget per client is the shipped one.
let client = 0;
const newClient = () => `203.0.113.${++client}`;

const checkFin = (credentialId: string, finNumber: string, remoteAddress: string) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/credentials/check-fin',
    remoteAddress,
    payload: { credentialId, finNumber },
  });

async function credentialOf(finNumber: string) {
  const record = await insertPerson(harness.database.db, { finNumber });
  return { record, credential: await downloadCredential(harness, record.id) };
}

describe('POST /api/credentials/check-fin', () => {
  it('answers whether a FIN belongs to the credential, typed in any case and with spaces', async () => {
    const { credential } = await credentialOf('G2345678N');
    await credentialOf('G8765432M');
    const id = String(credential.id);
    const from = newClient();

    const answers = [];
    for (const fin of ['G2345678N', ' g2345678n ', 'G2345678M', 'G8765432M']) {
      const response = await checkFin(id, fin, from);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      answers.push(response.json().matches);
    }

    expect(answers).toEqual([true, true, false, false]);
  });

  it('answers false for a record it does not hold, 400 for another issuer or an empty FIN', async () => {
    const from = newClient();
    const unknown = await checkFin(
      `${TEST_PUBLIC_URL}/info/00000000-0000-4000-8000-000000000000`,
      'G1',
      from,
    );
    expect(unknown.json()).toEqual({ matches: false });

    const elsewhere = await checkFin(
      'https://elsewhere.example/info/00000000-0000-4000-8000-000000000000',
      'G1',
      from,
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'This credential was not issued by this portal.',
    });
    const empty = await checkFin(`${TEST_PUBLIC_URL}/info/00000000-0000-4000-8000-000000000000`, '  ', from);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ finNumber: 'Enter a FIN' });
  });

  it('spends the verification budget: past it, FIN checks and verifications answer 429', async () => {
    const { credential } = await credentialOf('G3456789P');
    const id = String(credential.id);
    const budget = harness.app.config.verification.rateLimit?.max ?? 0;
    expect(budget).toBe(20);
    const from = newClient();
    const verify = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/verify',
        remoteAddress: from,
        payload: { finNumber: 'G3456789P', eCertNumber: 'nope' },
      });

    const statuses: number[] = [];
    // Two FIN checks and the rest verifications: the credential's own limit stays out of it.
    for (let i = 0; i < budget - 2; i++) statuses.push((await verify()).statusCode);
    for (let i = 0; i < 2; i++) statuses.push((await checkFin(id, `G${i}`, from)).statusCode);
    const [limitedCheck, limitedVerify] = [await checkFin(id, 'G3456789P', from), await verify()];

    expect(statuses).not.toContain(429);
    expect(limitedCheck.statusCode).toBe(429);
    expect(limitedCheck.json().code).toBe('RATE_LIMITED');
    expect(Number(limitedCheck.headers['retry-after'])).toBeGreaterThan(0);
    expect(limitedVerify.statusCode).toBe(429);
    // Another client is not held back.
    expect((await checkFin(id, 'G3456789P', newClient())).json()).toEqual({ matches: true });
  });

  it('takes five guesses an hour at one credential, from however many clients', async () => {
    const { credential } = await credentialOf('G5678901T');
    const other = await credentialOf('G6789012U');
    const id = String(credential.id);
    // The same record, its id spelt in capitals: still one credential.
    const shouting = id.replace(/[0-9a-f-]{36}$/, (uuid) => uuid.toUpperCase());

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await checkFin(id, `G000000${i}A`, newClient())).statusCode);
    const limited = await checkFin(shouting, 'G5678901T', newClient());

    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    // Another credential is not held back.
    expect((await checkFin(String(other.credential.id), 'G6789012U', newClient())).json()).toEqual({
      matches: true,
    });
  });
});

describe('credentials issued with a salted FIN hash, before the FIN was left out', () => {
  it('still verify, and their FIN is still checked on the device by the hash they hold', async () => {
    const { credential } = await credentialOf('G4567890R');
    const older = await signedWithSaltedFin(harness, credential, 'G4567890R');

    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/credentials/verify',
      payload: older,
    });
    expect(response.json().checks.filter((check: { outcome: string }) => check.outcome !== 'pass')).toEqual(
      [],
    );
    expect(response.json().verified).toBe(true);

    // The rule /verify-credential runs for these: the page asks the server nothing.
    const salted = saltedFinOf(older);
    expect(salted).toBeDefined();
    if (!salted) return;
    expect(await saltedFinMatches(' g4567890r', salted)).toBe(true);
    expect(await saltedFinMatches('G4567890S', salted)).toBe(false);
    expect(saltedFinOf(credential)).toBeUndefined();
  });
});
