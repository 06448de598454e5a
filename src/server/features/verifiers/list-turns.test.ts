import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListCheckResult } from '#shared/api/verifiers.ts';
import { verifierCheck } from '../../db/schema/index.ts';
import { busyRefusal, MIN_BACKLOG_TO_SHED } from '../../plugins/load-shedding.ts';
import { holdRequest } from '../../test/held-request.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signInAsVerifier } from '../../test/verifier-session.ts';
import type { ListTurns } from './list-turns.ts';

/**
 * An app with one valid record and a signed-in verifier, served on a real port, and the verifier's
 * ways to send a list and see what it left.
 */
function listsFixture(env: Record<string, string> = {}) {
  const fixture = {} as {
    testApp: TestApp;
    verifier: Awaited<ReturnType<typeof signInAsVerifier>>;
  };
  beforeAll(async () => {
    fixture.testApp = await createTestApp({ VERIFY_POW: 'false', ...env });
    await insertPerson(fixture.testApp.database.db, {
      name: 'Valid Holder',
      finNumber: 'G1000001A',
      eCertNumber: 'SN-VALID',
    });
    fixture.verifier = await signInAsVerifier(
      fixture.testApp.app,
      await signInAs(fixture.testApp.app, 'staff'),
    );
    await fixture.testApp.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await fixture.testApp?.close();
  });
  const lists = () => fixture.testApp.app.verifierLists;
  return {
    fixture,
    lists,
    paste: (text: string) =>
      fixture.testApp.app.inject({
        method: 'POST',
        url: '/api/verifier/checks',
        headers: fixture.verifier.headers,
        payload: { text },
      }),
    untilWaiting: (count: number) =>
      vi.waitFor(() => expect(lists().counts().waiting).toBe(count), { timeout: 5_000, interval: 1 }),
    checksLogged: async () =>
      fixture.testApp.database.db.$count(verifierCheck, eq(verifierCheck.verifierId, fixture.verifier.id)),
  };
}

describe('verifier lists take their turn', () => {
  const { fixture, lists, paste, untilWaiting, checksLogged } = listsFixture();
  const verify = () =>
    fixture.testApp.app.inject({
      method: 'POST',
      url: '/api/verify',
      payload: { finNumber: 'G1000001A', eCertNumber: 'SN-VALID' },
    });
  /** Another verifier's list being checked, until the function returned is called. */
  const anotherListChecked = async () => {
    const endTurn = await lists().take();
    if (!endTurn) throw new Error('no turn for the other list');
    return endTurn;
  };
  /**
   * A list sent while `hold` lasts is turned away with the busy refusal and checks nothing, the
   * turns meanwhile as `counts` says; once `hold` is released, a list is checked again.
   */
  const expectTurnedAwayWhile = async (
    hold: () => Promise<() => void>,
    counts: ReturnType<ListTurns['counts']>,
  ) => {
    const before = await checksLogged();
    const release = await hold();
    try {
      const refused = await paste('G1000001A,SN-VALID');

      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toMatchObject({ code: 'UNAVAILABLE', message: busyRefusal.message });
      expect(lists().counts()).toEqual(counts);
    } finally {
      release();
    }
    expect(await checksLogged()).toBe(before);
    expect((await paste('G1000001A,SN-VALID')).statusCode).toBe(200);
  };

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
    await expectTurnedAwayWhile(anotherListChecked, { checking: 1, waiting: 0 });
  });

  /**
   * The server's loop kept busy 15 ms in every 16, as answering a crowd at the public page keeps it,
   * until the function returned is called.
   */
  const loopKeptBusy = () => {
    const timer = setInterval(() => {
      const until = performance.now() + 15;
      while (performance.now() < until);
    }, 1);
    return () => clearInterval(timer);
  };

  it('waits for the server to have room before checking a list', async () => {
    const before = await checksLogged();
    const stopBusy = loopKeptBusy();
    let answered: Awaited<ReturnType<typeof paste>>;
    try {
      const list = paste('G1000001A,SN-VALID');
      await untilWaiting(1);
      await sleep(300);
      expect(lists().counts()).toEqual({ checking: 0, waiting: 1 });
      expect(await checksLogged()).toBe(before);
      stopBusy();
      answered = await list;
    } finally {
      stopBusy();
    }
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<ListCheckResult>().rows).toMatchObject([{ outcome: 'valid' }]);
    expect(await checksLogged()).toBe(before + 1);
  });

  it('asks a list to come back when the server stays busy past a second, checking nothing', async () => {
    await expectTurnedAwayWhile(async () => loopKeptBusy(), { checking: 0, waiting: 0 });
  });
});

/**
 * A crowd whose answers wait on the database, as visitors whose verifications stay in flight for
 * as long as the test holds them. Held for seconds, they would be refused by the overload rule's
 * wait limit (300 ms, rule 3 of load-shedding.ts, tested there); this crowd is one the server is
 * still answering in good time, so the limit is set past the test's length.
 */
describe('verifier lists beside a crowd waiting on the database', () => {
  const { fixture, lists, paste, untilWaiting, checksLogged } = listsFixture({
    MAX_REQUEST_WAIT_MS: '60000',
  });
  let visitors = 0;
  /** Visitors at the public page, each from an address of its own, verifying until `finish()`. */
  const crowdAtThePublicPage = (size: number) => {
    const { port } = fixture.testApp.app.server.address() as AddressInfo;
    return Array.from({ length: size }, () =>
      holdRequest(
        `http://127.0.0.1:${port}/api/verify`,
        { finNumber: 'G1000001A', eCertNumber: 'SN-VALID' },
        { from: `127.0.1.${++visitors}` },
      ),
    );
  };
  const untilInFlight = (count: number) =>
    vi.waitFor(() => expect(fixture.testApp.app.requestsInFlight()).toBe(count), { timeout: 5_000 });

  it('checks a list beside a few visitors, and waits while more are in flight', async () => {
    const crowd = crowdAtThePublicPage(MIN_BACKLOG_TO_SHED);
    try {
      await untilInFlight(MIN_BACKLOG_TO_SHED);
      expect((await paste('G1000001A,SN-VALID')).statusCode).toBe(200);

      crowd.push(...crowdAtThePublicPage(1));
      await untilInFlight(MIN_BACKLOG_TO_SHED + 1);
      const list = paste('G1000001A,SN-VALID');
      await untilWaiting(1);
      await sleep(300);
      expect(lists().counts()).toEqual({ checking: 0, waiting: 1 });
      expect(await checksLogged()).toBe(1);

      for (const visitor of crowd) visitor.finish();
      expect(await Promise.all(crowd.map((visitor) => visitor.answered))).toEqual(crowd.map(() => 200));
      const answered = await list;
      expect(answered.statusCode, answered.body).toBe(200);
      expect(await checksLogged()).toBe(2);
    } finally {
      for (const visitor of crowd) visitor.finish();
    }
  });
});
