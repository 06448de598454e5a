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
  // Passed just before the first valid day, yet on or after the day the valid-by-name and
  // valid-by-serial indexes start from: expired, though in those indexes.
  await add('Hal Lapsed', 735, 734);
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
  // What a jump names: the name or serial, or the date (a date added as its UTC day).
  const jumpKey = sql.raw(
    {
      name: 'name',
      serial: 'e_cert_number',
      passed: 'passed_date::text',
      created: `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`,
    }[sort],
  );
  return queryRows<{ id: string; key: string }>(
    harness.database.db,
    sql`select id, ${jumpKey} as key from person
      where deleted_at is null and trade_tested = ${course} and ${where} and ${extra}
      order by ${by}`,
  );
}

async function answer(query: string) {
  return harness.app.inject({ method: 'GET', url: `/api/people?${query}`, headers });
}

async function page(query: string) {
  const response = await answer(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PeoplePage>();
}

const ids = (got: PeoplePage) => got.items.map((p) => p.id);
const link = (name: 'after' | 'before' | 'from', value: string | null) => {
  expect(value).not.toBeNull();
  return `${name}=${encodeURIComponent(value ?? '')}`;
};

describe('GET /api/people lists what the obvious query lists', () => {
  const cases = statuses.flatMap((status) =>
    (Object.keys(sorts) as (keyof typeof sorts)[]).flatMap((sort) =>
      (['asc', 'desc'] as const).map((direction) => [status, sort, direction] as const),
    ),
  );
  it.each(cases)(
    'status %s, by %s %s: first pages, Next and Previous, a jump, the last page, and the count',
    async (status, sort, direction) => {
      const plain = await plainly(status, sort, direction, sql`true`);
      const expected = plain.map((row) => row.id);
      const filter = `course=${course}${status === 'none' ? '' : `&status=${status}`}&sort=${sort}&direction=${direction}&pageSize=25`;
      const slice = (from: number) => expected.slice(Math.max(0, from), Math.max(0, from) + 25);
      const count = { total: Math.min(expected.length, 10_000), totalCapped: expected.length > 10_000 };

      const first = await page(filter);
      expect(ids(first)).toEqual(slice(0));
      expect(first).toMatchObject({ ...count, prev: null });
      expect(first.next === null).toBe(expected.length <= 25);
      if (expected.length > 50) {
        const second = await page(`${filter}&page=2`);
        expect(ids(second)).toEqual(slice(25));
        const third = await page(`${filter}&${link('after', second.next)}`);
        expect(ids(third)).toEqual(slice(50));
        expect(third).toMatchObject(count);
        expect(ids(await page(`${filter}&${link('before', third.prev)}`))).toEqual(slice(25));
        // Previous from the second page, reached by a cursor, is the first page.
        const secondByCursor = await page(`${filter}&${link('after', first.next)}`);
        expect(ids(await page(`${filter}&${link('before', secondByCursor.prev)}`))).toEqual(slice(0));
      }
      if (expected.length === 0) return;

      // A jump to the middle row's name, serial or date lands on the first row having it.
      const middle = plain[Math.floor(plain.length / 2)]?.key ?? '';
      const landing = plain.findIndex((row) => row.key === middle);
      const jumped = await page(`${filter}&${link('from', middle)}`);
      expect(ids(jumped)).toEqual(slice(landing));
      expect(jumped).toMatchObject(count);
      if (landing + 25 < expected.length) {
        expect(ids(await page(`${filter}&${link('after', jumped.next)}`))).toEqual(slice(landing + 25));
      }
      if (landing > 0) {
        expect(ids(await page(`${filter}&${link('before', jumped.prev)}`))).toEqual(
          landing >= 25 ? slice(landing - 25) : slice(0),
        );
      }

      // The last row's key, then Next to the end: the last page offers no Next.
      const lastKey = plain.at(-1)?.key ?? '';
      const end = await page(`${filter}&${link('from', lastKey)}`);
      const from = plain.findIndex((row) => row.key === lastKey);
      expect(ids(end)).toEqual(slice(from));
      if (expected.length - from <= 25) expect(end.next).toBeNull();
    },
  );

  it.each([
    ['result=other', sql`not result_passed`],
    ['result=passed', sql`result_passed`],
    ['missing=images', sql`lacks_image`],
  ])('%s with or without a status, by date added either way, page after page', async (filter, extra) => {
    for (const status of ['valid', 'expired', 'none'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const expected = (await plainly(status, 'created', direction, extra)).map((row) => row.id);
        const withStatus = status === 'none' ? '' : `&status=${status}`;
        const list = `course=${course}&${filter}${withStatus}&sort=created&direction=${direction}&pageSize=12`;
        const got = await page(list);
        expect(ids(got)).toEqual(expected.slice(0, 12));
        expect(got.total).toBe(Math.min(expected.length, 10_000));
        if (got.next)
          expect(ids(await page(`${list}&${link('after', got.next)}`))).toEqual(expected.slice(12, 24));
      }
    }
  });
});

describe('GET /api/people pages a search with a filter and a sort by cursor', () => {
  it('gives the search matches the filters keep, in the sort, page after page', async () => {
    const matching = new Set(
      (
        await queryRows<{ id: string }>(
          harness.database.db,
          sql`select id from person where deleted_at is null and trade_tested = ${course}
            and search_text like '%many 0%' and lower(btrim(test_result)) = 'passed'`,
        )
      ).map((row) => row.id),
    );
    const list = `q=Many 0&course=${course}&result=passed&sort=serial&direction=desc&pageSize=40`;
    let got = await page(list);
    expect(got).toMatchObject({ total: 300, totalCapped: true });
    const pages = [got];
    while (got.next) {
      got = await page(`${list}&${link('after', got.next)}`);
      pages.push(got);
    }
    // Sorting applies to the best 300 matches: the pages hold each once, all kept, in serial order.
    const seen = pages.flatMap((one) => one.items);
    expect(new Set(seen.map((p) => p.id)).size).toBe(300);
    expect(seen.every((p) => matching.has(p.id))).toBe(true);
    const serials = seen.map((p) => p.eCertNumber);
    expect(serials).toEqual([...serials].sort().reverse());
    expect(ids(await page(`${list}&${link('before', pages[2]?.prev ?? null)}`))).toEqual(
      ids(pages[1] as PeoplePage),
    );
  });

  it('finds every match, newest first, of a search the filters keep fewer than the cap of', async () => {
    const expected = await queryRows<{ id: string }>(
      harness.database.db,
      sql`select id from person where deleted_at is null and trade_tested = ${course}
        and search_text like '%many 012%' and lower(btrim(test_result)) = 'passed'
        order by created_at desc, id desc`,
    );
    expect(expected.length).toBeGreaterThan(40);

    const got = await page(
      `q=Many 012&course=${course}&result=passed&sort=created&direction=desc&pageSize=100`,
    );

    expect(got).toMatchObject({ total: expected.length, totalCapped: false });
    expect(ids(got)).toEqual(expected.map((row) => row.id));
  });

  it('pages a search in relevance order by offset cursors, to the last of its 300', async () => {
    const list = `q=Many 0&course=${course}&pageSize=100`;
    let got = await page(list);
    const seen = [...ids(got)];
    while (got.next) {
      got = await page(`${list}&${link('after', got.next)}`);
      seen.push(...ids(got));
    }
    expect(seen).toHaveLength(300);
    expect(new Set(seen).size).toBe(300);
  });
});

describe('GET /api/people gives a search the matches its filters keep', () => {
  /** The search's matches among the course's people that `extra` keeps, newest first. */
  const plainSearch = async (q: string, extra: SQL) =>
    (
      await queryRows<{ id: string }>(
        harness.database.db,
        sql`select id from person where deleted_at is null and trade_tested = ${course} and ${extra}
          and search_text like ${`%${q}%`} order by created_at desc, id desc`,
      )
    ).map((row) => row.id);

  // Result "Other" keeps a third of the course (read first, the search tested on them); the
  // course alone keeps more (its matches found on the newest-first walk).
  it.each([
    ['result=other', sql`not result_passed`],
    ['result=passed', sql`result_passed`],
  ])('a rare search with %s: every match, counted', async (filter, extra) => {
    const expected = await plainSearch('y 000', extra);
    const list = `q=${encodeURIComponent('y 000')}&course=${course}&${filter}&pageSize=100`;
    const got = await page(list);
    expect(got).toMatchObject({ total: expected.length, totalCapped: false, next: null });
    expect(new Set(ids(got))).toEqual(new Set(expected));
  });

  // "y 1000" and "y 0999" hold only the oldest (Many 10000 and 10001, Many 09990 to 09999): a walk
  // newest first meets them last, the trigram index's candidates at once.
  it.each([
    ['y 1000', 'result=passed', sql`result_passed`],
    ['y 0999', 'result=passed', sql`result_passed`],
    ['y 0999', 'result=other', sql`not result_passed`],
  ])('a search for %s, its matches all old, with %s: every match, counted', async (q, filter, extra) => {
    const expected = await plainSearch(q, extra);
    expect(expected.length).toBeGreaterThan(0);
    const got = await page(`q=${encodeURIComponent(q)}&course=${course}&${filter}&sort=created&pageSize=100`);
    expect(got).toMatchObject({ total: expected.length, totalCapped: false, next: null });
    expect(ids(got)).toEqual(expected);
  });

  it.each([
    ['result=other', sql`not result_passed`],
    ['result=passed', sql`result_passed`],
  ])('a search with %s matching more than 300: the newest first, page after page', async (filter, extra) => {
    const expected = await plainSearch('y 00', extra);
    expect(expected.length).toBeGreaterThan(300);
    const list = `q=${encodeURIComponent('y 00')}&course=${course}&${filter}&pageSize=25`;
    const first = await page(list);
    expect(first).toMatchObject({ total: 300, totalCapped: true });
    expect(ids(first)).toEqual(expected.slice(0, 25));
    expect(ids(await page(`${list}&${link('after', first.next)}`))).toEqual(expected.slice(25, 50));
  });
});

describe('GET /api/people refuses what no page offers', () => {
  it.each([
    ['a page past the first 1,000 rows', 'pageSize=25&page=41', /Page numbers reach the first 1,000 rows/],
    ['a cursor changed by hand', 'after=eyJzIjoibmFtZSJ9', /page link is not valid/],
    ['a cursor that is not one', 'after=%25%25%25', /page link is not valid/],
    ['a jump by date given a name', 'sort=passed&from=Tan', /YYYY-MM-DD/],
    ['a jump in relevance order', 'q=Many&from=Tan', /Choose a sort/],
    ['two links at once', 'from=A&before=x', /one of after, before and from/],
  ])('%s: a clear 400', async (_case, query, message) => {
    const response = await answer(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });

  it('a cursor of another sort', async () => {
    const byName = await page(`course=${course}&sort=name`);
    const response = await answer(`course=${course}&sort=serial&${link('after', byName.next)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/another sort/);
  });
});
