import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { auditEvent } from '../../db/schema/index.ts';
import {
  type Credential,
  createCredentialsTestApp,
  downloadCredential,
  TEST_DID,
} from '../../test/credentials-test-kit.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import type { TestApp } from '../../test/test-app.ts';
import { STATUS_LIST_TTL_MS } from './status-list-cache.ts';

let harness: TestApp;
let staff: Awaited<ReturnType<typeof signInAs>>;
let admin: Awaited<ReturnType<typeof signInAs>>;
beforeAll(async () => {
  // Proof of work off: what is tested is that a revoked record is still found by its numbers.
  harness = await createCredentialsTestApp({ VERIFY_POW: 'false' });
  staff = await signInAs(harness.app, 'staff');
  admin = await signInAs(harness.app, 'admin');
});
afterAll(async () => {
  await harness.close();
});

type App = TestApp['app'];
const revoke = (id: string, reason = 'Issued in error', headers = staff.headers) =>
  harness.app.inject({ method: 'POST', url: `/api/people/${id}/revoke`, headers, payload: { reason } });
const reinstate = (id: string, headers = admin.headers) =>
  harness.app.inject({ method: 'POST', url: `/api/people/${id}/reinstate`, headers, payload: {} });

/** Whether the place of the credential shows revoked in the list the app serves. */
async function listedRevoked(app: App, credential: Credential): Promise<boolean> {
  const url = new URL(credential.credentialStatus.statusListCredential);
  const response = await app.inject({ method: 'GET', url: url.pathname });
  expect(response.statusCode).toBe(200);
  expect(response.headers['access-control-allow-origin']).toBe('*');
  const list = response.json();
  expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
  expect(list.issuer).toBe(TEST_DID);
  expect(list.credentialSubject.statusPurpose).toBe('revocation');
  const decoded = await decodeList({ encodedList: list.credentialSubject.encodedList });
  expect(decoded.length).toBeGreaterThanOrEqual(131_072);
  return decoded.getStatus(Number(credential.credentialStatus.statusListIndex));
}

const auditOf = (id: string) =>
  harness.database.db
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.entityType, 'person'), eq(auditEvent.entityId, id)))
    .orderBy(asc(auditEvent.at));

describe('revoke and reinstate', () => {
  it('revokes with a reason, audited, still found by /verify, shown revoked on the record page and at once in the status list', async () => {
    const record = await insertPerson(harness.database.db, { finNumber: 'H0000001A' });
    const credential = await downloadCredential(harness, record.id);
    expect(await listedRevoked(harness.app, credential)).toBe(false);

    const response = await revoke(record.id, 'Certificate obtained by fraud');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: record.id,
      revocationReason: 'Certificate obtained by fraud',
    });
    expect(await listedRevoked(harness.app, credential)).toBe(true);
    const verified = await harness.app.inject({
      method: 'POST',
      url: '/api/verify',
      payload: { finNumber: record.finNumber, eCertNumber: record.eCertNumber },
    });
    expect(verified.json()).toEqual({ id: record.id });
    const page = (await harness.app.inject({ method: 'GET', url: `/api/certificates/${record.id}` })).json();
    expect(page.certificate).toMatchObject({
      status: 'revoked',
      revocationReason: 'Certificate obtained by fraud',
    });
    const [event] = await auditOf(record.id);
    expect(event).toMatchObject({ action: 'revoke', actorId: staff.user.id });
    expect(event?.changes.revocationReason).toEqual([null, 'Certificate obtained by fraud']);
  });

  it('refuses an empty reason, a second revocation and an unknown record', async () => {
    const record = await insertPerson(harness.database.db, { finNumber: 'H0000002A' });
    expect((await revoke(record.id, '  ')).statusCode).toBe(400);
    expect((await revoke(record.id)).statusCode).toBe(200);
    expect((await revoke(record.id)).json().code).toBe('CONFLICT');
    expect((await revoke('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await revoke('not-a-uuid')).statusCode).toBe(404);
  });

  it('lets only an administrator reinstate; the old copy stays revoked, a new one verifies', async () => {
    const record = await insertPerson(harness.database.db, { finNumber: 'H0000003A' });
    const before = await downloadCredential(harness, record.id);
    await revoke(record.id);

    expect((await reinstate(record.id, staff.headers)).statusCode).toBe(403);
    const response = await reinstate(record.id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ revokedAt: null, revocationReason: null });
    expect(await listedRevoked(harness.app, before)).toBe(true);
    const after = await downloadCredential(harness, record.id);
    expect(after.credentialStatus).not.toEqual(before.credentialStatus);
    expect(await listedRevoked(harness.app, after)).toBe(false);
    expect((await auditOf(record.id)).map((event) => event.action)).toEqual(['revoke', 'reinstate']);
    expect((await reinstate(record.id)).json().code).toBe('CONFLICT');
  });

  it('reaches the status list of another instance on the same database within 60 s', async () => {
    const other = await buildApp({ config: harness.app.config, database: harness.database, logger: false });
    try {
      await other.ready();
      const record = await insertPerson(harness.database.db, { finNumber: 'H0000004A' });
      const credential = await downloadCredential(harness, record.id);
      vi.useFakeTimers({ toFake: ['Date'] });
      expect(await listedRevoked(other, credential)).toBe(false);

      expect((await revoke(record.id)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + STATUS_LIST_TTL_MS + 1);

      expect(STATUS_LIST_TTL_MS).toBeLessThanOrEqual(30_000);
      expect(await listedRevoked(other, credential)).toBe(true);
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });

  it('answers 404 for a status list that does not exist', async () => {
    for (const list of ['999999', '0', 'abc', '-1']) {
      expect((await harness.app.inject({ method: 'GET', url: `/status/${list}` })).statusCode).toBe(404);
    }
  });
});
