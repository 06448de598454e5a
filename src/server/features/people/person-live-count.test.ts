import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, personLiveCount } from '../../db/schema/index.ts';
import { insertPerson, personFixture } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The live total the staff list shows comes from person_live_count, which statement triggers keep.
 * Every way a row can come, go, move to the trash or back must leave it equal to a real count.
 */
describe('the live-people count kept by triggers', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => {
    await harness.close();
  });

  async function expectCountsAgree(expected: number) {
    const db = harness.database.db;
    const [kept] = await db.select({ n: personLiveCount.n }).from(personLiveCount);
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(person)
      .where(isNull(person.deletedAt));
    expect({ kept: kept?.n, counted: counted?.n }).toEqual({ kept: expected, counted: expected });
  }

  it('follows single and multi-row inserts, trash, restore, hard delete and truncate', async () => {
    const db = harness.database.db;
    await expectCountsAgree(0);

    const first = await insertPerson(db);
    await insertPerson(db, { deletedAt: new Date() }); // straight into the trash: not live
    await expectCountsAgree(1);

    const many = await db
      .insert(person)
      .values(Array.from({ length: 5 }, (_, i) => personFixture({ finNumber: `F${i}MANY` })))
      .returning({ id: person.id });
    await expectCountsAgree(6);

    const trashed = many.slice(0, 3).map((row) => row.id);
    await db.update(person).set({ deletedAt: new Date() }).where(inArray(person.id, trashed));
    await expectCountsAgree(3);

    await db.update(person).set({ name: 'Edited Name' }).where(eq(person.id, first.id)); // an edit
    await db
      .update(person)
      .set({ deletedAt: null })
      .where(eq(person.id, trashed[0] as string));
    await expectCountsAgree(4);

    await db.delete(person).where(eq(person.id, first.id)); // a live row removed for good
    await db.delete(person).where(eq(person.id, trashed[1] as string)); // a trashed one
    await expectCountsAgree(3);

    // The verifiers' check log refers to people, so a truncate takes it too, as a restore's does.
    await db.execute(sql`truncate person cascade`);
    await expectCountsAgree(0);
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
});
