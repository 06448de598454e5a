import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeoplePage } from '#shared/api/people.ts';
import { earliestAvailablePassedDate } from '#shared/rules/course-validity.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let harness: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  harness = await createTestApp({}, { timeZone: 'America/New_York' });
  headers = (await signInAs(harness.app, 'staff')).headers;
});
afterAll(async () => {
  await harness.close();
});

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Adds people of a course, each passed and added the given numbers of days ago. */
const addTo = (course: string) => (name: string, passedDaysAgo: number, addedDaysAgo: number) =>
  insertPerson(harness.database.db, {
    name,
    tradeTested: course,
    passedDate: isoDate(daysAgo(passedDaysAgo)),
    createdAt: daysAgo(addedDaysAgo),
  });

async function list(query: string) {
  const response = await harness.app.inject({ method: 'GET', url: `/api/people?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PeoplePage>();
}

/** 10,001 people of `course`, so that its lists walk the sort's index instead of sorting what they count. */
async function many(course: string, passedDaysAgo: number, addedDaysAgo: number) {
  await harness.database.db.execute(sql`
    insert into person (name, dob, gender, nationality, passport_number, fin_number, e_cert_number,
      trade_tested, test_level, test_result, passed_date, created_at)
    select 'Many ' || i, '1990-01-01', 'Female', 'Fictionland', 'P' || i, 'F' || i,
      ${course} || '-' || i, ${course}, 'Level 1', 'Passed', ${isoDate(daysAgo(passedDaysAgo))}::date,
      ${daysAgo(addedDaysAgo).toISOString()}::timestamptz
    from generate_series(1, 10001) as i`);
}

describe('GET /api/people with a Status filter, by date added', () => {
  // The list seeks to the dates added that its status allows; these people were added far from
  // their passed date, where that seek would skip them if it trusted the usual gap.
  // First: no live record is yet added far from its passed date to widen the bound for it.
  it('lists a valid person entered on the passed date ahead of UTC, the evening before in UTC', async () => {
    const course = `Zq${randomBytes(4).toString('hex')}`;
    await many(course, 1, 0);
    const firstValid = earliestAvailablePassedDate(harness.app.config.certValidityYears);
    await insertPerson(harness.database.db, {
      name: 'Entered the evening before in UTC',
      tradeTested: course,
      passedDate: firstValid,
      createdAt: new Date(Date.parse(`${firstValid}T00:00:00Z`) - 4 * 3_600_000),
    });

    const page = await list(`course=${course}&status=valid&sort=created&direction=asc&pageSize=3`);
    expect(page.items[0]?.name).toBe('Entered the evening before in UTC');
  });

  it('lists valid people added before their passed date first, oldest added first', async () => {
    const course = `Zq${randomBytes(4).toString('hex')}`;
    await many(course, 1, 0);
    const add = addTo(course);
    await add('Passed date moved later', 10, 2000);
    await add('Added the day after passing', 100, 99);
    await add('Expired', 900, 899);

    const page = await list(`course=${course}&status=valid&sort=created&direction=asc&pageSize=3`);
    expect(page).toMatchObject({ total: 10_000, totalCapped: true });
    expect(page.items.map((p) => p.name).slice(0, 2)).toEqual([
      'Passed date moved later',
      'Added the day after passing',
    ]);
  });

  it('lists expired people imported long after passing first, newest added first', async () => {
    const course = `Zq${randomBytes(4).toString('hex')}`;
    await many(course, 1000, 999);
    const add = addTo(course);
    await add('Imported yesterday', 3000, 1);
    await add('Added the day after passing', 900, 899);
    await add('Valid', 10, 9);

    const page = await list(`course=${course}&status=expired&sort=created&direction=desc&pageSize=3`);
    expect(page).toMatchObject({ total: 10_000, totalCapped: true });
    expect(page.items.map((p) => p.name).slice(0, 2)).toEqual([
      'Imported yesterday',
      'Added the day after passing',
    ]);
  });
});
