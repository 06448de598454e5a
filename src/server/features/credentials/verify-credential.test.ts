import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialVerification } from '#shared/api/credentials.ts';
import {
  type Credential,
  createCredentialsTestApp,
  downloadCredential,
  TEST_DID,
} from '../../test/credentials-test-kit.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import type { TestApp } from '../../test/test-app.ts';

let harness: TestApp;
let good: Credential;
beforeAll(async () => {
  harness = await createCredentialsTestApp();
  const record = await insertPerson(harness.database.db, { finNumber: 'J0000001A' });
  good = await downloadCredential(harness, record.id);
});
afterAll(async () => {
  await harness.close();
});

const verify = (payload: string | object, contentType = 'application/json') =>
  harness.app.inject({
    method: 'POST',
    url: '/api/credentials/verify',
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function outcomes(payload: object) {
  const response = await verify(payload);
  expect(response.statusCode).toBe(200);
  const body: CredentialVerification = response.json();
  return {
    verified: body.verified,
    ...Object.fromEntries(body.checks.map((c) => [c.check, c.outcome])),
    body,
  };
}

describe('POST /api/credentials/verify', () => {
  it('passes every check of a credential from this portal, one line each', async () => {
    const result = await outcomes(good);
    expect(result).toMatchObject({
      verified: true,
      format: 'pass',
      signature: 'pass',
      issuer: 'pass',
      result: 'pass',
      status: 'pass',
      validity: 'pass',
    });
    expect(result.body.checks.map((c) => c.check)).toEqual([
      'format',
      'signature',
      'issuer',
      'result',
      'status',
      'validity',
    ]);
    // The last valid day, for a plain "valid until" (the record was passed today: two years on).
    expect(result.body.checks.find((c) => c.check === 'validity')?.date).toBe(
      String(good.validUntil).slice(0, 10),
    );
    expect(result.body.checks.find((c) => c.check === 'status')).not.toHaveProperty('date');
  });

  it('says its lines in the language asked (`?lang=`), English when not asked', async () => {
    const tampered = { ...good, name: 'Changed' };
    const ask = (lang: string) =>
      harness.app.inject({ method: 'POST', url: `/api/credentials/verify?lang=${lang}`, payload: tampered });
    const lines = async (lang: string) =>
      ((await ask(lang)).json() as CredentialVerification).checks.map((line) => line.message);

    expect((await lines('zh-Hans')).slice(0, 2)).toEqual([
      '一份 Open Badges 3.0 凭证（W3C VC 2.0），以 eddsa-rdfc-2022 签名。',
      '签名无效：凭证在签名后被修改过，或并非由本门户签名。',
    ]);
    expect((await lines('ta'))[3]).toBe(
      'சரிபார்க்கப்படவில்லை: செல்லுபடியான கையொப்பம் இல்லாமல் அதன் உள்ளடக்கத்தை நம்ப முடியாது.',
    );
    expect((await lines('en'))[1]).toBe(
      'The signature does not hold: the credential was changed after signing, or not signed by this portal.',
    );
    expect((await ask('fr')).statusCode).toBe(400);
  });

  it('takes the credential under its own media type too', async () => {
    expect((await verify(good, 'application/vc+ld+json')).json().verified).toBe(true);
  });

  it('fails the signature of a tampered field and checks nothing it would vouch for', async () => {
    const tampered = structuredClone(good);
    const [result] = tampered.credentialSubject.result;
    if (result) result.value = 'Distinction';
    expect(await outcomes(tampered)).toMatchObject({
      verified: false,
      signature: 'fail',
      status: 'unchecked',
      validity: 'unchecked',
    });
  });

  it('fails a proof forged with another key, even one that claims to be ours', async () => {
    const forger = await Ed25519Multikey.generate({ controller: TEST_DID });
    const forged = structuredClone(good);
    const [proof] = forged.proof;
    const signature = await forger.signer().sign({ data: new TextEncoder().encode('anything') });
    forged.proof = [
      {
        ...(proof as object),
        verificationMethod: `${TEST_DID}#${forger.publicKeyMultibase}`,
        proofValue: `z${Buffer.from(signature).toString('base64url')}`,
      } as never,
    ];
    expect(await outcomes(forged)).toMatchObject({ verified: false, signature: 'fail' });
  });

  it('names another issuer unknown and does not try to check it', async () => {
    const foreign = structuredClone(good) as Credential & { issuer: { id: string } };
    foreign.issuer = { ...foreign.issuer, id: 'did:web:elsewhere.example' };
    const result = await outcomes(foreign);
    expect(result).toMatchObject({
      verified: false,
      format: 'pass',
      issuer: 'fail',
      signature: 'unchecked',
      status: 'unchecked',
    });
    expect(result.body.checks.find((c) => c.check === 'issuer')?.message).toMatch(/^Unknown issuer/);
  });

  it('fails the format of something that is not an Open Badges credential', async () => {
    const result = await outcomes({ hello: 'world' });
    expect(result).toMatchObject({
      verified: false,
      format: 'fail',
      signature: 'unchecked',
      issuer: 'unchecked',
    });
  });

  it('shows a revoked record as revoked, with the date, and its signature still holding', async () => {
    const record = await insertPerson(harness.database.db, { finNumber: 'J0000002A' });
    const credential = await downloadCredential(harness, record.id);
    const { headers } = await signInAs(harness.app, 'staff');
    await harness.app.inject({
      method: 'POST',
      url: `/api/people/${record.id}/revoke`,
      headers,
      payload: { reason: 'Error' },
    });
    const result = await outcomes(credential);
    expect(result).toMatchObject({ verified: false, signature: 'pass', status: 'fail' });
    const today = new Date().toISOString().slice(0, 10);
    expect(result.body.checks.find((c) => c.check === 'status')).toMatchObject({
      message: `Revoked on ${today}.`,
      date: today,
    });
  });

  it('says an expired credential expired, with a holding signature', async () => {
    const record = await insertPerson(harness.database.db, {
      finNumber: 'J0000003A',
      passedDate: '2015-04-01',
    });
    const result = await outcomes(await downloadCredential(harness, record.id));
    expect(result).toMatchObject({ verified: false, signature: 'pass', status: 'pass', validity: 'fail' });
    expect(result.body.checks.find((c) => c.check === 'validity')).toMatchObject({
      message: 'Expired on 2017-04-01.',
      date: '2017-04-01',
    });
  });

  it('does not call a status it cannot read "not revoked"', async () => {
    // Signed by us, but naming a place in the status list that was never given out.
    const { proof: _proof, ...unsigned } = structuredClone(good);
    const listUrl = unsigned.credentialStatus.statusListCredential;
    const credential = await harness.app.issuer.sign({
      ...unsigned,
      credentialStatus: { ...unsigned.credentialStatus, id: `${listUrl}#131071`, statusListIndex: '131071' },
    });
    const result = await outcomes(credential);
    expect(result).toMatchObject({ signature: 'pass', status: 'unchecked', verified: false });
    expect(result.body.checks.find((c) => c.check === 'status')?.message).toMatch(/^Could not be checked/);
  });

  it('does not work out the signature of a file far larger than any of ours', async () => {
    const padded = structuredClone(good) as Credential & { credentialSubject: { identifier: object[] } };
    padded.credentialSubject.identifier = Array.from({ length: 300 }, (_, i) => ({
      type: 'IdentityObject',
      identityType: 'name',
      hashed: false,
      identityHash: `name ${i}`,
    }));
    expect(await outcomes(padded)).toMatchObject({ verified: false, format: 'pass', signature: 'unchecked' });
  });

  it.each([
    ['text', 'application/json'],
    ['text sent as a credential', 'application/vc+ld+json'],
    ['nothing', 'application/json'],
  ])('answers %s that is not JSON in plain words', async (label, contentType) => {
    const response = await verify(label === 'nothing' ? '' : 'this is not json', contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'INVALID_INPUT',
      message:
        'This is not a credential file: its text is not JSON. A credential file\u2019s text starts with "{".',
    });
  });

  it.each([
    ['not JSON', () => verify('this is not json'), 400],
    ['a JSON array', () => verify([good]), 400],
    ['5 MB of JSON', () => verify({ padding: 'x'.repeat(5 * 1024 * 1024), ...good }), 413],
    ['deep nesting', () => verify(`${'['.repeat(50_000)}${']'.repeat(50_000)}`), 400],
    ['deep nesting inside an object', () => verify(`{"a":${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}}`), 400],
  ])('answers %s with a clear error, never a 500', async (_label, send, status) => {
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ statusCode: status, message: expect.any(String) });
  });
});
