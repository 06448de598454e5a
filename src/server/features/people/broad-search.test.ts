import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonView } from '#shared/api/people.ts';
import { person } from '../../db/schema/index.ts';
import { insertPerson, personFixture } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SEARCH_COUNT_CAP } from './search-people.ts';

const token = () => `Zq${randomBytes(4).toString('hex')}`;

describe('GET /api/people with a broad search', () => {
  // In a database behind UTC, as the other search tests.
  let crowdApp: TestApp;
  let crowdHeaders: Record<string, string>;
  const crowdDb = () => crowdApp.database.db;
  beforeAll(async () => {
    crowdApp = await createTestApp({}, { timeZone: 'America/New_York' });
    crowdHeaders = (await signInAs(crowdApp.app, 'staff')).headers;
  });
  afterAll(async () => {
    await crowdApp.close();
  });

  it('counts a search up to the cap, says when more match, and still puts identifiers first', async () => {
    const t = token();
    const matches = SEARCH_COUNT_CAP + 31;
    const crowd = await crowdDb()
      .insert(person)
      .values(
        Array.from({ length: matches }, (_, i) =>
          personFixture({
            name: `Crowd ${t}`,
            eCertNumber: `CROWD-${t}-${i}`,
            createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
          }),
        ),
      )
      .returning({ id: person.id });
    const oldest = await insertPerson(crowdDb(), { finNumber: t, createdAt: new Date(Date.UTC(2000, 0, 1)) });
    const search = async (query: string) =>
      (
        await crowdApp.app.inject({ method: 'GET', url: `/api/people?${query}`, headers: crowdHeaders })
      ).json();

    const first = await search(`q=${t}`);
    const second = await search(`q=${t}&page=2`);
    const prefix = await search(`q=CROWD-${t}-10`);

    const newestFirst = crowd.map((row) => row.id).reverse();
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(first.items.map((p: PersonView) => p.id)).toEqual([oldest.id, ...newestFirst.slice(0, 19)]);
    expect(second).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(second.items.map((p: PersonView) => p.id)).toEqual(newestFirst.slice(19, 39));
    // CROWD-t-10 itself, then the serials it starts: CROWD-t-100 to -109 (the cap is over 110).
    expect(prefix).toMatchObject({ total: 11, totalCapped: false });
    expect(prefix.items[0].id).toBe(crowd[10]?.id);
    const starting = (await search(`q=CROWD-${t}-10&pageSize=50`)).items.slice(1);
    expect(starting.map((p: PersonView) => p.id).sort()).toEqual(
      crowd
        .slice(100, 110)
        .map((row) => row.id)
        .sort(),
    );
  });

  it('filters a broad search before counting it: older matches a filter keeps are found', async () => {
    const t = token();
    await crowdDb()
      .insert(person)
      .values(
        Array.from({ length: SEARCH_COUNT_CAP + 20 }, (_, i) =>
          personFixture({ name: `Valid ${t}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) }),
        ),
      );
    const expired = await crowdDb()
      .insert(person)
      .values(
        Array.from({ length: 3 }, (_, i) =>
          personFixture({
            name: `Expired ${t} ${i}`,
            passedDate: `2019-03-0${i + 1}`,
            createdAt: new Date(Date.UTC(2019, 2, i + 1)),
          }),
        ),
      )
      .returning({ id: person.id });
    const search = async (query: string) =>
      (
        await crowdApp.app.inject({ method: 'GET', url: `/api/people?${query}`, headers: crowdHeaders })
      ).json();
    const ids = (found: { items: PersonView[] }) => found.items.map((p) => p.id);
    const newestExpiredFirst = expired.map((row) => row.id).reverse();

    const filtered = await search(`q=${t}&status=expired`);
    expect(filtered).toMatchObject({ total: 3, totalCapped: false });
    expect(ids(filtered)).toEqual(newestExpiredFirst);
    const sorted = await search(`q=${t}&status=expired&sort=name&direction=desc`);
    expect(sorted).toMatchObject({ total: 3, totalCapped: false });
    expect(ids(sorted)).toEqual(newestExpiredFirst);
    expect(await search(`q=${t}&status=valid`)).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
  });
});
