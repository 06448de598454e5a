import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckLogResponse, VerifierView } from '#shared/api/verifiers.ts';
import { loadConfig } from '../../config.ts';
import { verifierCheck } from '../../db/schema/index.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signInAsVerifier } from '../../test/verifier-session.ts';
import { pruneCheckLog } from './prune-check-log.ts';

describe('the check log: who checked what, when and why', () => {
  let testApp: TestApp;
  let staff: Awaited<ReturnType<typeof signInAs>>;
  beforeAll(async () => {
    testApp = await createTestApp();
    staff = await signInAs(testApp.app, 'staff');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const asStaff = (url: string) => testApp.app.inject({ url, headers: staff.headers });
  const verifierOnList = async (id: string) =>
    (await asStaff('/api/verifiers')).json<{ items: VerifierView[] }>().items.find((v) => v.id === id);

  it('shows staff each check per verifier and per record; the record page never shows it', async () => {
    const holder = await insertPerson(testApp.database.db, {
      finNumber: 'G2000001A',
      eCertNumber: 'SN-LOGGED',
    });
    const verifier = await signInAsVerifier(testApp.app, staff, {
      fields: { companyName: 'Logged Checks Ltd' },
    });
    const checked = await testApp.app.inject({
      method: 'POST',
      url: '/api/verifier/checks',
      headers: verifier.headers,
      payload: { text: 'G2000001A,SN-LOGGED\nG2000001A,SN-WRONG' },
    });
    expect(checked.statusCode).toBe(200);

    const perVerifier = (await asStaff(`/api/verifiers/${verifier.id}/checks`)).json<CheckLogResponse>();
    expect(perVerifier.items.map((e) => [e.outcome, e.holderName]).sort()).toEqual([
      ['no-match', null],
      ['valid', holder.name],
    ]);
    expect(perVerifier.items[0]?.purpose).toBe('Checking the e-Certs of workers we take on for our sites.');
    const perRecord = (await asStaff(`/api/people/${holder.id}/verifier-checks`)).json<CheckLogResponse>();
    expect(perRecord.items).toMatchObject([{ companyName: 'Logged Checks Ltd', outcome: 'valid' }]);

    const publicPage = await testApp.app.inject({ url: `/api/certificates/${holder.id}` });
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.body).not.toContain('Logged Checks');
    const byVerifier = await testApp.app.inject({
      url: `/api/people/${holder.id}/verifier-checks`,
      headers: verifier.headers,
    });
    expect(byVerifier.statusCode).toBe(403);
  });

  it('pages past 200 entries per verifier and per record, a list of one time split across screens', async () => {
    const holder = await insertPerson(testApp.database.db, {
      finNumber: 'G2000009Z',
      eCertNumber: 'SN-PAGED',
    });
    const verifier = await signInAsVerifier(testApp.app, staff, { twoFactor: false });
    const entry = {
      verifierId: verifier.id,
      personId: holder.id,
      outcome: 'valid',
      purpose: 'Paged',
      weight: 1,
    };
    // 300 entries of one list share its time; 150 more an hour apart each, older.
    await testApp.database.db.insert(verifierCheck).values([
      ...Array.from({ length: 300 }, () => ({ ...entry, checkedAt: sql`now() - interval '1 minute'` })),
      ...Array.from({ length: 150 }, (_, i) => ({
        ...entry,
        checkedAt: sql`now() - make_interval(hours => ${i + 1})`,
      })),
    ]);
    const walk = async (url: string) => {
      const screens: CheckLogResponse[] = [];
      let after: string | null = '';
      while (after !== null && screens.length < 5) {
        const response = await asStaff(after ? `${url}?after=${after}` : url);
        expect(response.statusCode).toBe(200);
        screens.push(response.json<CheckLogResponse>());
        after = screens.at(-1)?.next ?? null;
      }
      return screens;
    };

    for (const url of [`/api/verifiers/${verifier.id}/checks`, `/api/people/${holder.id}/verifier-checks`]) {
      const screens = await walk(url);
      expect(screens.map((screen) => screen.items.length)).toEqual([200, 200, 50]);
      const items = screens.flatMap((screen) => screen.items);
      expect(new Set(items.map((item) => item.id)).size).toBe(450);
      const times = items.map((item) => Date.parse(item.checkedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    const junk = await asStaff(`/api/verifiers/${verifier.id}/checks?after=not-a-page`);
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe('This page of the check log does not exist: open the log again.');
  });

  it('deletes entries older than the retention period, and keeps the rest', async () => {
    const verifier = await signInAsVerifier(testApp.app, staff, { twoFactor: false });
    const entry = { verifierId: verifier.id, outcome: 'no-match', purpose: 'Old', weight: 2 };
    await testApp.database.db.insert(verifierCheck).values([
      { ...entry, checkedAt: sql`now() - interval '366 days'` },
      { ...entry, checkedAt: sql`now() - interval '364 days'` },
    ]);

    const deleted = await pruneCheckLog(testApp.database.db, 365);

    expect(deleted).toBe(1);
    const left = (await asStaff(`/api/verifiers/${verifier.id}/checks`)).json<CheckLogResponse>();
    expect(left.items).toHaveLength(1);
  });

  it('takes the retention from VERIFIER_LOG_RETENTION_DAYS, a year unless set, and refuses nonsense', () => {
    expect(loadConfig({}).verifierLogRetentionDays).toBe(365);
    expect(loadConfig({ VERIFIER_LOG_RETENTION_DAYS: '90' }).verifierLogRetentionDays).toBe(90);
    expect(() => loadConfig({ VERIFIER_LOG_RETENTION_DAYS: '0' })).toThrow(/VERIFIER_LOG_RETENTION_DAYS/);
  });

  it('alerts staff when over a quarter of a verifier’s rows this week had no match', async () => {
    const guesser = await signInAsVerifier(testApp.app, staff, { twoFactor: false });
    const honest = await signInAsVerifier(testApp.app, staff, { twoFactor: false });
    const rows = (verifierId: string, noMatches: number) =>
      Array.from({ length: 20 }, (_, i) => ({
        verifierId,
        outcome: i < noMatches ? 'no-match' : 'valid',
        purpose: 'Checks',
        weight: 1,
      }));
    await testApp.database.db.insert(verifierCheck).values([...rows(guesser.id, 6), ...rows(honest.id, 2)]);

    expect(await verifierOnList(guesser.id)).toMatchObject({
      checksLastWeek: 20,
      noMatchesLastWeek: 6,
      noMatchAlert: true,
    });
    expect((await verifierOnList(honest.id))?.noMatchAlert).toBe(false);
  });
});
