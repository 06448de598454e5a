import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeoplePage } from '#shared/api/people.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let harness: TestApp;
let headers: Record<string, string>;
// Behind UTC: a filter's day must not depend on the session's time zone.
beforeAll(async () => {
  harness = await createTestApp({}, { timeZone: 'America/New_York' });
  headers = (await signInAs(harness.app, 'staff')).headers;
});
afterAll(async () => {
  await harness.close();
});

const tag = () => `Zq${randomBytes(4).toString('hex')}`;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const image = { key: `${'a'.repeat(64)}.webp`, contentType: 'image/webp', size: 10 };
const images = { passportImage: image, certificateImage: image, signatureImage: image };

async function list(query: string) {
  const response = await harness.app.inject({ method: 'GET', url: `/api/people?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PeoplePage>();
}
const names = async (query: string) => (await list(query)).items.map((p) => p.name);

/** Four people of one course: names, serials, passed and added dates each in a different order. */
async function course() {
  const t = tag();
  const add = (name: string, serial: string, passedDaysAgo: number, addedMinute: number) =>
    insertPerson(harness.database.db, {
      ...images,
      name,
      eCertNumber: `${t}-${serial}`,
      tradeTested: t,
      passedDate: daysAgo(passedDaysAgo),
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, addedMinute)),
    });
  await add('Cara', 'B', 10, 4);
  await add('Abel', 'D', 30, 2);
  await add('Dina', 'A', 20, 1);
  await add('Bert', 'C', 40, 3);
  return `course=${t}&pageSize=100`;
}

describe('GET /api/people sorted', () => {
  it.each([
    ['name', 'asc', ['Abel', 'Bert', 'Cara', 'Dina']],
    ['name', 'desc', ['Dina', 'Cara', 'Bert', 'Abel']],
    ['serial', 'asc', ['Dina', 'Cara', 'Bert', 'Abel']],
    ['serial', 'desc', ['Abel', 'Bert', 'Cara', 'Dina']],
    ['passed', 'asc', ['Bert', 'Abel', 'Dina', 'Cara']],
    ['passed', 'desc', ['Cara', 'Dina', 'Abel', 'Bert']],
    ['created', 'asc', ['Dina', 'Abel', 'Bert', 'Cara']],
    ['created', 'desc', ['Cara', 'Bert', 'Abel', 'Dina']],
  ])('by %s, %s', async (sort, direction, expected) => {
    expect(await names(`${await course()}&sort=${sort}&direction=${direction}`)).toEqual(expected);
  });

  it('sorts names from A and dates from the newest when no direction is given, newest added by default', async () => {
    const query = await course();
    expect(await names(`${query}&sort=name`)).toEqual(['Abel', 'Bert', 'Cara', 'Dina']);
    expect(await names(`${query}&sort=passed`)).toEqual(['Cara', 'Dina', 'Abel', 'Bert']);
    expect(await names(query)).toEqual(['Cara', 'Bert', 'Abel', 'Dina']);
    // A Status filter of valid or expired lists by passed date, newest first.
    expect(await names(`${query}&status=valid`)).toEqual(['Cara', 'Dina', 'Abel', 'Bert']);
  });

  it('pages a sort without repeating or skipping anyone, ties broken by id', async () => {
    const t = tag();
    for (let i = 0; i < 12; i++) {
      await insertPerson(harness.database.db, { name: i % 2 ? 'Same Name' : `Name ${i}`, tradeTested: t });
    }
    const all = (await list(`course=${t}&sort=name&pageSize=100`)).items.map((p) => p.id);
    const paged: string[] = [];
    for (let page = 1; page <= 12; page++) {
      paged.push(...(await list(`course=${t}&sort=name&pageSize=1&page=${page}`)).items.map((p) => p.id));
    }
    expect(paged).toEqual(all);
    expect(new Set(paged).size).toBe(12);
  });

  it('reads a page past the middle of the whole list from its other end, in the same order', async () => {
    await course();
    const pagesOf = async (size: number) => {
      const ids: string[] = [];
      for (let page = 1; ids.length === (page - 1) * size; page++) {
        ids.push(...(await list(`sort=name&pageSize=${size}&page=${page}`)).items.map((p) => p.id));
      }
      return ids;
    };
    // Pages of 7 and of 100 change from the forward walk to the backward one at different rows.
    const bySeven = await pagesOf(7);
    expect(bySeven).toEqual(await pagesOf(100));
    expect(new Set(bySeven).size).toBe((await list('pageSize=1')).total);
  });
});

describe('GET /api/people filtered', () => {
  it('counts a filter up to 10,000, says when more match, and pages the many in order', async () => {
    const t = tag();
    await harness.database.db.execute(sql`
      insert into person (name, dob, gender, nationality, passport_number, fin_number, e_cert_number,
        trade_tested, test_level, test_result, passed_date)
      select 'Many ' || lpad(i::text, 5, '0'), '1990-01-01', 'Female', 'Fictionland', 'P' || i, 'F' || i,
        ${t} || '-' || i, ${t}, 'Level 1', 'Passed', current_date
      from generate_series(1, 10001) as i`);
    const first = await list(`course=${t}&sort=name&direction=desc&pageSize=3`);
    expect(first).toMatchObject({ total: 10_000, totalCapped: true });
    expect(first.items.map((p) => p.name)).toEqual(['Many 10001', 'Many 10000', 'Many 09999']);
    const third = await list(`course=${t}&sort=name&direction=desc&pageSize=3&page=3`);
    expect(third.items.map((p) => p.name)).toEqual(['Many 09995', 'Many 09994', 'Many 09993']);
  });

  it('filters by result ("Passed" in any case), status, missing images and course, each and together', async () => {
    const t = tag();
    const add = (name: string, fields: Parameters<typeof insertPerson>[1]) =>
      insertPerson(harness.database.db, { ...images, name, tradeTested: t, ...fields });
    await add('Valid Pass', { testResult: 'PASSED', passedDate: daysAgo(100) });
    await add('Valid Fail', { testResult: 'Failed', passedDate: daysAgo(100) });
    await add('Expired Pass', { testResult: 'passed', passedDate: daysAgo(900) });
    await add('Revoked Expired', { passedDate: daysAgo(900), revokedAt: new Date(), revocationReason: 'x' });
    await add('No Images', { passedDate: daysAgo(5), passportImage: null });
    await add('Other Course', { tradeTested: `${t}-other`, passedDate: daysAgo(5) });
    const sorted = async (filters: string) => (await names(`course=${t}&sort=name&${filters}`)).sort();

    expect(await sorted('result=passed')).toEqual([
      'Expired Pass',
      'No Images',
      'Revoked Expired',
      'Valid Pass',
    ]);
    expect(await sorted('result=other')).toEqual(['Valid Fail']);
    // A failed result is no e-Cert: neither valid nor expired, however recent.
    expect(await sorted('status=valid')).toEqual(['No Images', 'Valid Pass']);
    // Revoked wins over expired, as on the card: a revoked record is never also "expired".
    expect(await sorted('status=expired')).toEqual(['Expired Pass']);
    expect(await sorted('status=revoked')).toEqual(['Revoked Expired']);
    expect(await sorted('missing=images')).toEqual(['No Images']);
    expect(await sorted('status=valid&result=passed')).toEqual(['No Images', 'Valid Pass']);
    expect(await list(`course=${t}&status=valid`)).toMatchObject({ total: 2, totalCapped: false });
  });

  it('narrows a search by the filters and sorts its matches', async () => {
    const t = tag();
    await insertPerson(harness.database.db, { name: `Yan ${t}`, passedDate: daysAgo(10) });
    await insertPerson(harness.database.db, { name: `Xia ${t}`, passedDate: daysAgo(10) });
    await insertPerson(harness.database.db, { name: `Wu ${t}`, passedDate: daysAgo(2000) });

    expect(await names(`q=${t}&sort=name`)).toEqual([`Wu ${t}`, `Xia ${t}`, `Yan ${t}`]);
    expect(await names(`q=${t}&status=valid&sort=name&direction=desc`)).toEqual([`Yan ${t}`, `Xia ${t}`]);
    expect(await list(`q=${t}&status=expired`)).toMatchObject({ total: 1, totalCapped: false });
  });

  it('answers the live courses in order for the Course filter', async () => {
    const t = tag();
    await insertPerson(harness.database.db, { tradeTested: `${t} Welding` });
    await insertPerson(harness.database.db, { tradeTested: `${t} Baking` });
    await insertPerson(harness.database.db, { tradeTested: `${t} Trashed`, deletedAt: new Date() });
    const response = await harness.app.inject({ method: 'GET', url: '/api/people/courses', headers });
    expect(response.statusCode).toBe(200);
    const ours = response.json<{ courses: string[] }>().courses.filter((c) => c.startsWith(t));
    expect(ours).toEqual([`${t} Baking`, `${t} Welding`]);
  });
});

describe('GET /api/people refuses what it cannot do', () => {
  it.each([
    ['sort=age', 'sort'],
    ['sort=name&direction=up', 'direction'],
    ['status=lapsed', 'status'],
    ['result=maybe', 'result'],
    [`course=${'x'.repeat(201)}`, 'course'],
  ])('%s → 400 naming %s', async (query, field) => {
    const response = await harness.app.inject({ method: 'GET', url: `/api/people?${query}`, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
  });

  it('answers 401 without a session, to the list and to the courses', async () => {
    for (const url of ['/api/people?sort=name&status=valid', '/api/people/courses']) {
      expect((await harness.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
