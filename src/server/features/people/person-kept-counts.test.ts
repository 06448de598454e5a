import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { person, personLiveCount } from '../../db/schema/index.ts';
import { insertPerson, personFixture } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Tally = { passedDate: string; passed: boolean; revoked: boolean; n: number };

/**
 * Two counts of live people are kept by statement triggers: the total (person_live_count), which
 * the staff list shows on every page, and the tally by passed date, result and revocation
 * (person_day_tally), which the dashboard's figures sum. Every way a row can come, go, change its
 * passed date, result or revocation, move to the trash or back must leave both equal to a real count.
 */
describe('the counts of live people kept by triggers', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => {
    await harness.close();
  });

  async function expectKeptCountsAgree(expectedLive: number) {
    const db = harness.database.db;
    const [total] = await db.select({ n: personLiveCount.n }).from(personLiveCount);
    const tally = await queryRows<Tally>(
      db,
      sql`select passed_date::text as "passedDate", passed, revoked, n::int as n from person_day_tally
          where n <> 0 order by 1, 2, 3`,
    );
    const counted = await queryRows<Tally>(
      db,
      sql`select passed_date::text as "passedDate", result_passed as passed, revoked_at is not null as revoked,
            count(*)::int as n
          from person where deleted_at is null group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(tally).toEqual(counted);
    const countedLive = counted.reduce((sum, row) => sum + row.n, 0);
    expect({ kept: total?.n, counted: countedLive }).toEqual({ kept: expectedLive, counted: expectedLive });
  }

  it('follows inserts, edits, revocations, new dates and results, trash, restore, delete and truncate', async () => {
    const db = harness.database.db;
    await expectKeptCountsAgree(0);

    const first = await insertPerson(db, { passedDate: '2025-03-01' });
    await insertPerson(db, { passedDate: '2025-03-01', deletedAt: new Date() }); // into the trash: not live
    await expectKeptCountsAgree(1);

    const many = await db
      .insert(person)
      .values(
        Array.from({ length: 6 }, (_, i) =>
          personFixture({
            finNumber: `T${i}TALLY`,
            passedDate: i < 3 ? '2025-03-01' : '2024-12-31',
            testResult: i % 2 === 0 ? 'Passed' : 'Failed',
          }),
        ),
      )
      .returning({ id: person.id });
    await expectKeptCountsAgree(7);

    const ids = many.map((row) => row.id);
    await db.update(person).set({ name: 'Only A Name' }).where(eq(person.id, first.id)); // moves nothing
    await db
      .update(person)
      .set({ revokedAt: new Date(), revocationReason: 'Issued in error' })
      .where(inArray(person.id, ids.slice(0, 2)));
    await expectKeptCountsAgree(7);

    await db
      .update(person)
      .set({ revokedAt: null, revocationReason: null })
      .where(eq(person.id, ids[0] as string));
    await db
      .update(person)
      .set({ passedDate: '2026-01-15' })
      .where(inArray(person.id, ids.slice(2, 4)));
    await db
      .update(person)
      .set({ testResult: 'Passed' })
      .where(eq(person.id, ids[5] as string));
    await expectKeptCountsAgree(7);

    await db
      .update(person)
      .set({ deletedAt: new Date() })
      .where(inArray(person.id, ids.slice(0, 3)));
    await expectKeptCountsAgree(4);
    await db
      .update(person)
      .set({ deletedAt: null, passedDate: '2023-07-07' })
      .where(eq(person.id, ids[1] as string)); // restored and changed in one statement
    await expectKeptCountsAgree(5);

    await db.delete(person).where(eq(person.id, first.id)); // a live row removed for good
    await db.delete(person).where(eq(person.id, ids[0] as string)); // a trashed one
    await expectKeptCountsAgree(4);

    // The verifiers' check log refers to people, so a truncate takes it too, as a restore's does.
    await db.execute(sql`truncate person cascade`);
    await expectKeptCountsAgree(0);
  });

  it('is the total of the staff list and of All Images', async () => {
    const db = harness.database.db;
    await insertPerson(db);
    await insertPerson(db);
    await insertPerson(db, { deletedAt: new Date() });
    const { headers } = await signInAs(harness.app, 'staff');

    for (const url of ['/api/people', '/api/images']) {
      const response = await harness.app.inject({ method: 'GET', url, headers });
      expect(response.json()).toMatchObject({ total: 2 });
    }
  });

  it('leaves the tally untouched by an edit that moves no one, so the edit takes none of its locks', async () => {
    const db = harness.database.db;
    const someone = await insertPerson(db, { passedDate: '2025-05-05' });
    const before = await queryRows<{ xmin: string }>(db, sql`select xmin::text from person_day_tally`);

    await db.update(person).set({ name: 'Renamed Only' }).where(eq(person.id, someone.id));

    expect(await queryRows<{ xmin: string }>(db, sql`select xmin::text from person_day_tally`)).toEqual(
      before,
    );
  });
});
