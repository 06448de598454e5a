import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Credential,
  createCredentialsTestApp,
  downloadCredential,
  revokeRecord,
  TEST_DID,
  TEST_PUBLIC_URL,
} from '../../test/credentials-test-kit.ts';
import { insertPerson } from '../../test/people.ts';
import { newHolder, requestOf, walletHttp } from '../../test/scripted-wallet.ts';
import { signInAs } from '../../test/staff-session.ts';
import type { TestApp } from '../../test/test-app.ts';

// The Digital Credentials Consortium's verifier resolves did:web, status lists, the Open Badges JSON
// schema and issuer registries with the global fetch. Here fetch answers our public address from the
// server under test, the schema from a copy shipped with the tests, and a trust registry that lists
// our DID (standing in for the registry a real verifier trusts); every other address is refused.
const SCHEMA_URL_PART = 'ob_v3p0_achievementcredential_schema.json';
const REGISTRY_URL = 'https://registry.example.test/issuers.json';
const schema = JSON.parse(
  fs.readFileSync(new URL('./fixtures/ob-v3p0-achievementcredential-schema.json', import.meta.url), 'utf8'),
);

let harness: TestApp;
const realFetch = globalThis.fetch;
const refused: string[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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

const EVERY_STEP_PASSED = {
  valid_signature: true,
  revocation_status: true,
  expiration: true,
  registered_issuer: true,
};

type Verify = typeof import('@digitalcredentials/verifier-core').verifyCredential;
let verifyCredential: Verify;
const knownDIDRegistries = [{ type: 'dcc-legacy', name: 'Test trust registry', url: REGISTRY_URL }];
type VerifiedCredential = Parameters<Verify>[0]['credential'];
const verify = (credential: Credential) =>
  verifyCredential({ credential: credential as unknown as VerifiedCredential, knownDIDRegistries });
const steps = (result: Awaited<ReturnType<Verify>>) =>
  Object.fromEntries((result.log ?? []).map((step) => [step.id, step.valid]));

beforeAll(async () => {
  // A wallet claim spends the verification budget, as guessing would.
  harness = await createCredentialsTestApp({ VERIFY_RATE_LIMIT: '100/10m' });
  globalThis.fetch = answer as typeof fetch;
  ({ verifyCredential } = await import('@digitalcredentials/verifier-core'));
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await harness.close();
});

describe('the DCC verifier (verifier-core 1.0.0-beta.11), offline against this server', () => {
  it('passes every check of a credential downloaded from the API', async () => {
    const record = await insertPerson(harness.database.db, { finNumber: 'K0000001A' });
    const result = await verify(await downloadCredential(harness, record.id));

    expect(result.errors).toBeUndefined();
    expect(steps(result)).toEqual(EVERY_STEP_PASSED);
    const schemaCheck = result.additionalInformation?.find((entry) => entry.id === 'schema_check');
    expect(schemaCheck?.results.map((entry) => entry.result.valid)).toEqual([true]);
    expect(refused).toEqual([]);
  });

  it('fails a tampered copy on the signature', async () => {
    const record = await insertPerson(harness.database.db, { finNumber: 'K0000002A', testResult: 'Passed' });
    const tampered = await downloadCredential(harness, record.id);
    const [result0] = tampered.credentialSubject.result;
    if (result0) result0.value = 'Failed';

    const result = await verify(tampered);

    expect(result.errors?.map((error) => error.name)).toEqual(['invalid_signature']);
    expect(result.log).toBeUndefined();
  });

  it('fails a revoked record on the status', async () => {
    const record = await insertPerson(harness.database.db, { finNumber: 'K0000003A' });
    const credential = await downloadCredential(harness, record.id);
    const { headers } = await signInAs(harness.app, 'staff');
    const revoked = await harness.app.inject({
      method: 'POST',
      url: `/api/people/${record.id}/revoke`,
      headers,
      payload: { reason: 'Issued in error' },
    });
    expect(revoked.statusCode).toBe(200);

    const result = await verify(credential);

    expect(steps(result)).toMatchObject({ valid_signature: true, revocation_status: false });
  });

  it('passes every check of the credential a wallet claims, and fails on its status once revoked', async () => {
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
      .verifiableCredential as Credential[];
    if (!credential) throw new Error(`no credential: ${JSON.stringify(answered.body)}`);

    const result = await verify(credential);
    expect(result.errors).toBeUndefined();
    expect(steps(result)).toEqual(EVERY_STEP_PASSED);
    expect(refused).toEqual([]);

    await revokeRecord(harness, record.id);
    expect(steps(await verify(credential))).toMatchObject({
      valid_signature: true,
      revocation_status: false,
    });
  });
});
