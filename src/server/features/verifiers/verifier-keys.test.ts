import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListCheckResult, NewVerifierKey } from '#shared/api/verifiers.ts';
import { verifierApiKey } from '../../db/schema/index.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signInAsVerifier } from '../../test/verifier-session.ts';

describe('verifier API keys', () => {
  let testApp: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let verifier: Awaited<ReturnType<typeof signInAsVerifier>>;
  beforeAll(async () => {
    testApp = await createTestApp();
    await insertPerson(testApp.database.db, {
      name: 'Keyed Holder',
      finNumber: 'G3000001A',
      eCertNumber: 'SN-KEYED',
    });
    admin = await signInAs(testApp.app, 'admin');
    verifier = await signInAsVerifier(testApp.app, admin);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const makeKey = async (headers = verifier.headers) => {
    const made = await testApp.app.inject({
      method: 'POST',
      url: '/api/verifier/api-keys',
      headers,
      payload: { name: 'HR system' },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<NewVerifierKey>();
  };
  const withKey = (key: string, url: string, payload?: object) =>
    testApp.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });

  it('shows a new key once, keeps only its hash, and lists it by its prefix', async () => {
    const { key, prefix } = await makeKey();

    expect(key).toMatch(/^ecert_[\w-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    const stored = await testApp.database.db.select().from(verifierApiKey);
    expect(JSON.stringify(stored)).not.toContain(key);
    const list = await testApp.app.inject({ url: '/api/verifier/api-keys', headers: verifier.headers });
    expect(list.json().items).toMatchObject([{ name: 'HR system', prefix }]);
    expect(list.body).not.toContain(key);
  });

  it('checks one pair or a list with the key, within the quota', async () => {
    const { key } = await makeKey();

    const pair = await withKey(key, '/api/verifier/check', {
      finNumber: 'G3000001A',
      eCertNumber: 'SN-KEYED',
    });
    const list = await withKey(key, '/api/verifier/checks', {
      text: 'G3000001A,SN-KEYED\nG3000001A,SN-NONE',
    });

    expect(pair.statusCode, pair.body).toBe(200);
    expect(pair.json<ListCheckResult>().rows).toMatchObject([{ outcome: 'valid', name: 'Keyed Holder' }]);
    expect(list.json<ListCheckResult>().rows.map((row) => row.outcome)).toEqual(['valid', 'no-match']);
    expect(list.json<ListCheckResult>().usedToday).toBe(4);
  });

  it('opens nothing but checking: not the account, not the keys, not a staff route', async () => {
    const { key } = await makeKey();

    expect((await withKey(key, '/api/verifier/account')).statusCode).toBe(403);
    expect((await withKey(key, '/api/verifier/api-keys', { name: 'another' })).statusCode).toBe(403);
    expect((await withKey(key, '/api/people')).statusCode).toBe(401);
  });

  it('refuses a revoked key, a suspended verifier’s key, and a staff key', async () => {
    const { key, id } = await makeKey();
    const revoke = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/verifier/api-keys/${id}`,
      headers: verifier.headers,
    });
    expect(revoke.statusCode).toBe(204);
    expect(
      (await withKey(key, '/api/verifier/check', { finNumber: 'G3000001A', eCertNumber: 'SN-KEYED' }))
        .statusCode,
    ).toBe(401);

    const other = await signInAsVerifier(testApp.app, admin);
    const { key: suspendedKey } = await makeKey(other.headers);
    await testApp.app.inject({
      method: 'POST',
      url: `/api/verifiers/${other.id}/suspend`,
      headers: admin.headers,
    });
    expect(
      (await withKey(suspendedKey, '/api/verifier/checks', { text: 'G3000001A,SN-KEYED' })).statusCode,
    ).toBe(401);

    const staffKey = await testApp.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'Staff', scope: 'read', expiresInDays: 30 },
    });
    expect(staffKey.statusCode, staffKey.body).toBe(201);
    const staffSecret = staffKey.json<{ key: string }>().key;
    expect(
      (await withKey(staffSecret, '/api/verifier/checks', { text: 'G3000001A,SN-KEYED' })).statusCode,
    ).toBe(401);
  });

  it('describes the checking routes in the OpenAPI document as taking a verifier key', async () => {
    const document = (await testApp.app.inject({ url: '/api/docs/json' })).json();

    for (const path of ['/api/verifier/check', '/api/verifier/checks', '/api/verifier/checks/upload']) {
      expect(document.paths[path].post.security, path).toEqual([{ verifierKey: [] }, { session: [] }]);
    }
    expect(document.components.securitySchemes.verifierKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
