import { setImmediate as turn } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListCheckResult } from '#shared/api/verifiers.ts';
import { verifierCheck } from '../../db/schema/index.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signInAsVerifier } from '../../test/verifier-session.ts';

describe('verifier lists take their turn', () => {
  let testApp: TestApp;
  let verifier: Awaited<ReturnType<typeof signInAsVerifier>>;
  beforeAll(async () => {
    testApp = await createTestApp({ VERIFY_POW: 'false' });
    await insertPerson(testApp.database.db, {
      name: 'Valid Holder',
      finNumber: 'G1000001A',
      eCertNumber: 'SN-VALID',
    });
    verifier = await signInAsVerifier(testApp.app, await signInAs(testApp.app, 'staff'));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const paste = (text: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/verifier/checks',
      headers: verifier.headers,
      payload: { text },
    });
  const verify = () =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/verify',
      payload: { finNumber: 'G1000001A', eCertNumber: 'SN-VALID' },
    });
  const lists = () => testApp.app.verifierLists;
  /** Another verifier's list being checked, until the function returned is called. */
  const anotherListChecked = async () => {
    const endTurn = await lists().take();
    if (!endTurn) throw new Error('no turn for the other list');
    return endTurn;
  };
  const untilWaiting = async (count: number) => {
    while (lists().counts().waiting !== count) await turn();
  };
  const checksLogged = async () =>
    testApp.database.db.$count(verifierCheck, eq(verifierCheck.verifierId, verifier.id));

  it('keeps a list waiting while another is checked, answering the public page meanwhile', async () => {
    const endOtherList = await anotherListChecked();
    const list = paste('G1000001A,SN-VALID');
    await untilWaiting(1);

    const verification = await verify();

    expect(verification.statusCode, verification.body).toBe(200);
    expect(lists().counts()).toEqual({ checking: 1, waiting: 1 });
    expect(await checksLogged()).toBe(0);

    endOtherList();
    const answered = await list;
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<ListCheckResult>().rows).toMatchObject([{ outcome: 'valid', name: 'Valid Holder' }]);
    expect(lists().counts()).toEqual({ checking: 0, waiting: 0 });
  });

  it('asks a list that cannot have its turn within a second to come back, checking nothing', async () => {
    const before = await checksLogged();
    const endOtherList = await anotherListChecked();
    try {
      const refused = await paste('G1000001A,SN-VALID');

      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toMatchObject({ code: 'UNAVAILABLE' });
      expect(lists().counts()).toEqual({ checking: 1, waiting: 0 });
      expect(await checksLogged()).toBe(before);
    } finally {
      endOtherList();
    }
    expect((await paste('G1000001A,SN-VALID')).statusCode).toBe(200);
  });
});
