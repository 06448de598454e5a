import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createCredentialsTestApp, TEST_DID, TEST_PUBLIC_URL } from '../credentials/credentials-test-kit.ts';
import { newHolder, requestOf, walletHttp } from './scripted-wallet.ts';

// The credential a wallet receives, checked as the Learner Credential Wallet checks it: with DCC's
// verifier-core. Its global fetch is answered from the server under test (DID document, status
// list), a copy of the Open Badges schema and a registry listing our DID; everything else is refused.
const SCHEMA_URL_PART = 'ob_v3p0_achievementcredential_schema.json';
const REGISTRY_URL = 'https://registry.example.test/issuers.json';
const schema = JSON.parse(
  fs.readFileSync(
    new URL('../credentials/fixtures/ob-v3p0-achievementcredential-schema.json', import.meta.url),
    'utf8',
  ),
);

let harness: TestApp;
const realFetch = globalThis.fetch;
const refused: string[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

async function answer(input: string | URL | Request): Promise<Response> {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  if (url.origin === TEST_PUBLIC_URL) {
    const response = await harness.app.inject({ method: 'GET', url: url.pathname });
    return new Response(response.body, {
      status: response.statusCode,
      headers: { 'content-type': 'application/json' },
    });
  }
  if (url.href.endsWith(SCHEMA_URL_PART)) return json({ ...schema, $id: url.href });
  if (url.href === REGISTRY_URL) return json({ registry: { [TEST_DID]: { name: 'Demo Skills Institute' } } });
  refused.push(url.href);
  throw new TypeError(`network access refused in tests: ${url.href}`);
}

type Verify = typeof import('@digitalcredentials/verifier-core').verifyCredential;
let verifyCredential: Verify;
const knownDIDRegistries = [{ type: 'dcc-legacy', name: 'Test trust registry', url: REGISTRY_URL }];
const steps = (result: Awaited<ReturnType<Verify>>) =>
  Object.fromEntries((result.log ?? []).map((step) => [step.id, step.valid]));

beforeAll(async () => {
  harness = await createCredentialsTestApp({ VERIFY_RATE_LIMIT: '100/10m' });
  globalThis.fetch = answer as typeof fetch;
  ({ verifyCredential } = await import('@digitalcredentials/verifier-core'));
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await harness.close();
});

describe('the credential a wallet claims, checked by the DCC verifier (verifier-core 1.0.0-beta.11)', () => {
  it('passes every check, and fails on the status once the record is revoked', async () => {
    const record = await insertPerson(harness.database.db, {
      finNumber: 'V0000001A',
      passportNumber: 'V7654321',
    });
    const claimed = await harness.app.inject({
      method: 'POST',
      url: `/api/certificates/${record.id}/wallet-claims`,
      payload: { passportNumber: 'V7654321' },
    });
    const holder = await newHolder();
    const { exchangeUrl, request } = await requestOf(harness, claimed.json().interactionUrl);
    const answered = await walletHttp(harness).post(exchangeUrl, {
      verifiablePresentation: await holder.present(request),
    });
    const [credential] = (answered.body.verifiablePresentation as { verifiableCredential: unknown[] })
      .verifiableCredential as Parameters<Verify>[0]['credential'][];
    if (!credential) throw new Error(`no credential: ${JSON.stringify(answered.body)}`);

    const result = await verifyCredential({ credential, knownDIDRegistries });
    expect(result.errors).toBeUndefined();
    expect(steps(result)).toEqual({
      valid_signature: true,
      revocation_status: true,
      expiration: true,
      registered_issuer: true,
    });
    expect(refused).toEqual([]);

    const { headers } = await signInAs(harness.app, 'staff');
    await harness.app.inject({
      method: 'POST',
      url: `/api/people/${record.id}/revoke`,
      headers,
      payload: { reason: 'Issued in error' },
    });
    expect(steps(await verifyCredential({ credential, knownDIDRegistries }))).toMatchObject({
      valid_signature: true,
      revocation_status: false,
    });
  });
});
