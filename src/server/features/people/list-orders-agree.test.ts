import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeoplePage } from '#shared/api/people.ts';
import { earliestAvailablePassedDate } from '#shared/rules/course-validity.ts';
import { queryRows } from '../../db/database.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let harness: TestApp;
let headers: Record<string, string>;
const course = `Zq${randomBytes(4).toString('hex')}`;
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const image = { key: `${'a'.repeat(64)}.webp`, contentType: 'image/webp', size: 10 };

// 10,001 valid people of one course, so that its lists walk their sort's index, and a few others
// around them: expired, revoked, failed, without images, added far from their passed date.
beforeAll(async () => {
  harness = await createTestApp({}, { timeZone: 'Pacific/Kiritimati' });
  headers = (await signInAs(harness.app, 'staff')).headers;
  await harness.database.db.execute(sql`
    insert into person (name, dob, gender, nationality, passport_number, fin_number, e_cert_number,
      trade_tested, test_level, test_result, passed_date, created_at)
    select 'Many ' || lpad(i::text, 5, '0'), '1990-01-01', 'Female', 'Fictionland', 'P' || i, 'F' || i,
      'S-' || lpad((i * 7919 % 10007)::text, 5, '0'), ${course}, 'Level 1', case when i % 3 = 0 then 'Failed' else 'Passed' end,
      ${isoDate(daysAgo(400))}::date - (i % 300), ${daysAgo(300).toISOString()}::timestamptz - i * interval '1 minute'
    from generate_series(1, 10001) as i`);
  const add = (name: string, passedDaysAgo: number, addedDaysAgo: number, fields = {}) =>
    insertPerson(harness.database.db, {
      name,
      eCertNumber: `S-${name}`,
      tradeTested: course,
      passedDate: isoDate(daysAgo(passedDaysAgo)),
      createdAt: daysAgo(addedDaysAgo),
      passportImage: image,
      certificateImage: image,
      signatureImage: image,
      ...fields,
    });
  await add('Aaron Moved', 5, 2000);
  await add('Bea Expired', 900, 899);
  await add('Cy Imported', 3000, 1);
  await add('Dee Revoked', 20, 19, { revokedAt: new Date(), revocationReason: 'x' });
  await add('Eve Failed', 30, 29, { testResult: 'Failed' });
  await add('Fay No Scan', 40, 39, { passportImage: null });
  await add('Gus Today', 0, 0);
});
afterAll(async () => {
  await harness.close();
});

const statuses = ['valid', 'expired', 'revoked', 'none'] as const;
const sorts = {
  name: 'name',
  serial: 'e_cert_number',
  passed: 'passed_date',
  created: 'created_at',
} as const;

/** The same list the obvious way: every match of the course, ordered by the column and then the id. */
function plainly(
  status: (typeof statuses)[number],
  sort: keyof typeof sorts,
  direction: 'asc' | 'desc',
  extra: SQL,
) {
  const since = earliestAvailablePassedDate(harness.app.config.certValidityYears);
  const where = {
    valid: sql`revoked_at is null and lower(btrim(test_result)) = 'passed' and passed_date >= ${since}::date`,
    expired: sql`revoked_at is null and lower(btrim(test_result)) = 'passed' and passed_date < ${since}::date`,
    revoked: sql`revoked_at is not null`,
    none: sql`true`,
  }[status];
  const by = sql.raw(`${sorts[sort]} ${direction}, id ${direction}`);
  return queryRows<{ id: string }>(
    harness.database.db,
    sql`select id from person where deleted_at is null and trade_tested = ${course} and ${where} and ${extra}
      order by ${by}`,
  );
}

async function page(query: string) {
  const response = await harness.app.inject({ method: 'GET', url: `/api/people?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PeoplePage>();
}

describe('GET /api/people lists what the obvious query lists', () => {
  const cases = statuses.flatMap((status) =>
    (Object.keys(sorts) as (keyof typeof sorts)[]).flatMap((sort) =>
      (['asc', 'desc'] as const).map((direction) => [status, sort, direction] as const),
    ),
  );
  it.each(cases)(
    'status %s, by %s %s: first, a middle and the last page, and the count',
    async (status, sort, direction) => {
      const expected = (await plainly(status, sort, direction, sql`true`)).map((row) => row.id);
      const filter = `course=${course}${status === 'none' ? '' : `&status=${status}`}&sort=${sort}&direction=${direction}`;
      const size = 25;
      const lastPage = Math.max(1, Math.ceil(Math.min(expected.length, 10_000) / size));
      for (const n of new Set([1, 2, Math.ceil(lastPage / 2), lastPage])) {
        const got = await page(`${filter}&pageSize=${size}&page=${n}`);
        expect(got.items.map((p) => p.id)).toEqual(expected.slice((n - 1) * size, n * size));
        expect(got).toMatchObject({
          total: Math.min(expected.length, 10_000),
          totalCapped: expected.length > 10_000,
        });
      }
    },
  );

  it.each([
    ['result=other', sql`not result_passed`],
    ['result=passed', sql`result_passed`],
    ['missing=images', sql`lacks_image`],
  ])('%s with or without a status, by date added either way', async (filter, extra) => {
    for (const status of ['valid', 'expired', 'none'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const expected = (await plainly(status, 'created', direction, extra)).map((row) => row.id);
        const withStatus = status === 'none' ? '' : `&status=${status}`;
        const got = await page(`course=${course}&${filter}${withStatus}&sort=created&direction=${direction}`);
        expect(got.items.map((p) => p.id)).toEqual(expected.slice(0, got.items.length));
        expect(got.total).toBe(Math.min(expected.length, 10_000));
      }
    }
  });
});
