import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordFields, RenewalView } from '#shared/api/people.ts';
import type { StatsResponse } from '#shared/api/stats.ts';
import { courseExpiryDate } from '#shared/rules/course-validity.ts';
import { queryRows } from '../../db/database.ts';
import { person } from '../../db/schema/index.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { firstPassedDateAvailableOn } from './read-stats.ts';

// Four years: every passed date then has an exact expiry, even around 29 February.
const YEARS = 4;
const now = new Date();
const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
const today = iso(Date.UTC(y, m, d));
const daysFromToday = (days: number) => iso(Date.UTC(y, m, d + days));
/** The passed date whose course ends at the end of `expiry`. */
const passedForExpiry = (expiry: string) => `${Number(expiry.slice(0, 4)) - YEARS}${expiry.slice(4)}`;
const month = (offset: number) => iso(Date.UTC(y, m + offset, 1)).slice(0, 7);

const renewalBody: RecordFields = {
  name: 'Stat Renewal',
  dob: '1990-01-01',
  gender: 'Female',
  nationality: 'Fictionland',
  passportNumber: 'SR1',
  finNumber: 'SR1F',
  eCertNumber: 'SR-1',
  tradeTested: 'Welding',
  testLevel: 'Level 1',
  testResult: 'Passed',
  passedDate: today,
};

// The numbers are of UTC calendar days, whatever the database's own zone: one behind UTC, one
// 14 hours ahead (a different date for most of the day).
describe.each(['UTC', 'America/New_York', 'Pacific/Kiritimati'])(
  'GET /api/stats (database in %s)',
  (timeZone) => {
    let testApp: TestApp;
    let headers: Record<string, string>;
    beforeAll(async () => {
      testApp = await createTestApp({ CERT_VALIDITY_YEARS: String(YEARS) }, { timeZone });
      headers = (await signInAs(testApp.app, 'staff')).headers;
    });
    afterAll(async () => {
      await testApp?.close();
    });

    const stats = async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/stats', headers });
      expect(response.statusCode).toBe(200);
      return response.json<StatsResponse>();
    };

    it('answers zeros and twelve empty months on an empty database', async () => {
      const result = await stats();

      expect(result).toMatchObject({
        people: 0,
        valid: 0,
        expiringSoon: 0,
        expired: 0,
        revoked: 0,
        renewals: 0,
      });
      expect(result.byMonth).toEqual(
        Array.from({ length: 12 }, (_, i) => ({ month: month(i - 11), count: 0 })),
      );
      // Only the signed-in test user's creation has happened so far.
      expect(result.latestChanges).toEqual([
        expect.objectContaining({ entityType: 'user', action: 'create', actorEmail: null }),
      ]);
    });

    it('counts live people by validity, with the end-of-day and 90-day boundaries', async () => {
      const expiring = {
        endsToday: passedForExpiry(today),
        endsIn90Days: passedForExpiry(daysFromToday(90)),
        endsIn91Days: passedForExpiry(daysFromToday(91)),
        endedYesterday: passedForExpiry(daysFromToday(-1)),
        endedLongAgo: passedForExpiry(daysFromToday(-400)),
      };
      // The data set itself is checked against the shared rule, so the numbers below mean what they say.
      expect(courseExpiryDate(expiring.endsToday, YEARS)).toBe(today);
      expect(courseExpiryDate(expiring.endsIn90Days, YEARS)).toBe(daysFromToday(90));
      const passedDates = [
        today, // valid
        expiring.endsToday, // valid, expiring soon
        expiring.endsIn90Days, // valid, expiring soon
        expiring.endsIn91Days, // valid
        expiring.endedYesterday, // expired
        expiring.endedLongAgo, // expired
        iso(Date.UTC(y, m - 11, 1)), // valid; first day of the oldest month shown
        iso(Date.UTC(y, m - 11, 0)), // valid; last day of the month before it, not shown
        iso(Date.UTC(y, m, 1)), // valid; this month
      ];
      for (const passedDate of passedDates) await insertPerson(testApp.database.db, { passedDate });
      // Revoked wins over validity: neither valid, expiring soon nor expired.
      const revokedAt = new Date();
      for (const passedDate of [today, expiring.endsIn90Days, expiring.endedLongAgo])
        await insertPerson(testApp.database.db, {
          passedDate,
          revokedAt,
          revocationReason: 'Issued in error',
        });
      const trashed = await insertPerson(testApp.database.db, { passedDate: today });
      await testApp.database.db
        .update(person)
        .set({ deletedAt: new Date() })
        .where(eq(person.id, trashed.id));

      const result = await stats();

      expect(result).toMatchObject({ people: 12, valid: 7, expiringSoon: 2, expired: 2, revoked: 3 });
      const expectedMonths = Array.from({ length: 12 }, (_, i) => ({ month: month(i - 11), count: 0 }));
      expectedMonths[0] = { month: month(-11), count: 1 };
      expectedMonths[11] = { month: month(0), count: 3 };
      expect(result.byMonth).toEqual(expectedMonths);
    });

    it('counts live renewals and lists the latest ten changes, newest first', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/renewals',
          headers,
          payload: { ...renewalBody, eCertNumber: `SR-${i}` },
        });
        ids.push(response.json<RenewalView>().id);
      }
      const deleted = await testApp.app.inject({ method: 'DELETE', url: `/api/renewals/${ids[0]}`, headers });
      expect(deleted.statusCode).toBe(204);

      const result = await stats();

      expect(result.renewals).toBe(10);
      expect(result.latestChanges).toHaveLength(10);
      expect(result.latestChanges[0]).toEqual({
        at: expect.any(String),
        actorEmail: expect.stringMatching(/@example\.com$/),
        entityType: 'renewal',
        entityId: ids[0],
        action: 'delete',
        fields: [],
      });
      expect(result.latestChanges[1]).toMatchObject({ entityId: ids[10], action: 'create' });
      expect(result.latestChanges[1]?.fields).toContain('passedDate');
      expect(result.latestChanges.map((c) => c.entityId)).not.toContain(ids[1]);
    });

    it('counts by the same rule as a record page: every day of 2027-2029 and around 29 February', async () => {
      // The counts are ranges of passed dates starting at firstPassedDateAvailableOn; for each day and
      // period, the date it answers must be the first whose course the shared rule still calls
      // available that day. Leap days are the edge: 2028-02-29 back 1, 2 or 3 years is a 28 February.
      const rows: { day: string; years: number; first: string }[] = [];
      for (let years = 1; years <= 5; years++) {
        const days = await queryRows<{ day: string; first: string }>(
          testApp.database.db,
          sql`select day::date::text as day, ${firstPassedDateAvailableOn(sql`day::date`, years)}::text as first
            from generate_series('2027-01-01'::date, '2029-12-31'::date, interval '1 day') as day`,
        );
        rows.push(...days.map((row) => ({ ...row, years })));
      }
      expect(rows).toHaveLength(1096 * 5);
      const dayBefore = (date: string) => iso(Date.parse(`${date}T00:00:00Z`) - 86_400_000);
      const wrong = rows.filter(
        ({ day, years, first }) =>
          courseExpiryDate(first, years) < day || courseExpiryDate(dayBefore(first), years) >= day,
      );
      expect(wrong).toEqual([]);
    });
  },
);
