import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonView } from '#shared/api/people.ts';
import { person, type StoredFileRef } from '../../db/schema/index.ts';
import { insertPerson } from '../../test/people.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let harness: TestApp;
let headers: Record<string, string>;
// A database behind UTC: no search may depend on the session's time zone.
beforeAll(async () => {
  harness = await createTestApp({}, { timeZone: 'America/New_York' });
  headers = (await signInAs(harness.app, 'staff')).headers;
});
afterAll(async () => {
  await harness.close();
});

const token = () => `Zq${randomBytes(4).toString('hex')}`;
let minute = 0;
/** Rows created one minute apart, in call order, so "newest first" is unambiguous. */
const insert = (overrides: Parameters<typeof insertPerson>[1] = {}) => {
  minute += 1;
  return insertPerson(harness.database.db, {
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute)),
    ...overrides,
  });
};

async function list(query: string) {
  const response = await harness.app.inject({ method: 'GET', url: `/api/people?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    items: PersonView[];
    total: number;
    totalCapped: boolean;
    page: number;
    pageSize: number;
  };
}

describe('GET /api/people', () => {
  it.each([
    ['name', (t: string) => ({ name: `Mary ${t.toUpperCase()} Jones` })],
    ['passport number', (t: string) => ({ passportNumber: `P${t.toUpperCase()}9` })],
    ['nationality', (t: string) => ({ nationality: `${t.toUpperCase()}ian` })],
    ['e-Cert number', (t: string) => ({ eCertNumber: `EC-${t.toUpperCase()}` })],
    ['FIN number', (t: string) => ({ finNumber: `F${t.toUpperCase()}K` })],
  ])('finds a case-insensitive substring of the %s', async (_field, withToken) => {
    const t = token();
    const match = await insert(withToken(t));
    await insert({ tradeTested: `Welding ${t}` }); // not a searchable field
    await insert({ ...withToken(t), deletedAt: new Date() }); // in the trash

    const page = await list(`q=${t.toLowerCase().slice(1)}`);

    expect(page.items.map((p) => p.id)).toEqual([match.id]);
    expect(page.total).toBe(1);
  });

  it('pages newest first, and counts everything the search matches', async () => {
    const t = token();
    const rows = [];
    for (let i = 0; i < 5; i++) rows.push(await insert({ name: `Batch ${t} ${i}` }));
    const newestFirst = rows.map((r) => r.id).reverse();

    const second = await list(`q=${t}&page=2&pageSize=2`);

    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.items.map((p) => p.id)).toEqual(newestFirst.slice(2, 4));
    expect((await list(`q=${t}&page=3&pageSize=2`)).items.map((p) => p.id)).toEqual(newestFirst.slice(4));
  });

  it('lists every live record newest first without a search, the total counting them all', async () => {
    const newest = await insert({ createdAt: new Date(Date.UTC(2030, 0, 1)) });
    const page = await list('pageSize=1');
    expect(page.items.map((p) => p.id)).toEqual([newest.id]);
    const everything = await list('pageSize=100');
    expect(page.total).toBe(everything.items.length);
    expect(everything.items.every((p) => p.deletedAt === null)).toBe(true);
  });

  it('finds a record by what it says now, after an edit, and folds case beyond ASCII', async () => {
    const t = token();
    const edited = await insert({ name: `Old ${t}` });
    const accented = await insert({ name: `ÉLODIE ${t}` });
    await harness.database.db
      .update(person)
      .set({ name: `New ${t}` })
      .where(eq(person.id, edited.id));

    expect((await list(`q=old ${t}`)).items).toEqual([]);
    expect((await list(`q=new ${t}`)).items.map((p) => p.id)).toEqual([edited.id]);
    expect((await list(`q=${encodeURIComponent(`élodie ${t}`)}`)).items.map((p) => p.id)).toEqual([
      accented.id,
    ]);
  });

  it('matches %, _ and \\ literally', async () => {
    const t = token();
    const literal = await insert({ name: `${t}_100%\\x` });
    await insert({ name: `${t}A100Z/x` });

    expect((await list(`q=${encodeURIComponent(`${t}_100%\\`)}`)).items.map((p) => p.id)).toEqual([
      literal.id,
    ]);
    expect((await list(`q=${encodeURIComponent(`${t}_`)}`)).items.map((p) => p.id)).toEqual([literal.id]);
  });

  it('puts an equal identifier first, then one starting with the search, then whole words, then newest', async () => {
    const t = token();
    const serial = await insert({ eCertNumber: `${t}` });
    const fin = await insert({ finNumber: `${t}` });
    const prefixed = await insert({ passportNumber: `${t}9` });
    const word = await insert({ name: `Mary ${t}` });
    const part = await insert({ name: `Mary ${t}xyz` });
    // Its passport ends as the search does, which pg_trgm's word_similarity takes for the search's
    // end: it would rank `${t}ian` level with the whole word, and this newer record first.
    const newest = await insert({ passportNumber: `P${t.slice(-2)}`, nationality: `${t}ian` });

    const ids = (await list(`q=${t.toLowerCase()}`)).items.map((p) => p.id);

    expect(ids.slice(0, 2).sort()).toEqual([serial.id, fin.id].sort());
    expect(ids.slice(2, 4)).toEqual([prefixed.id, word.id]);
    expect(ids.slice(4).sort()).toEqual([part.id, newest.id].sort());
    expect(ids.indexOf(fin.id)).toBe(0); // of two equal identifiers, the newer
  });

  it('refuses a bad page size with 400 naming it', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/people?pageSize=1000', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('pageSize');
  });
});

describe('GET /api/images', () => {
  const ref = (name: string): StoredFileRef => ({
    key: `${name.repeat(64).slice(0, 64)}.webp`,
    thumbnailKey: `${name.repeat(64).slice(0, 63)}0.webp`,
    contentType: 'image/webp',
    size: 10,
  });

  it('lists the documents of live records newest first', async () => {
    const older = await insert({
      createdAt: new Date(Date.UTC(2031, 0, 1)),
      signatureImage: ref('a'),
      passportImage: ref('b'),
      certificateImage: ref('c'),
      pdf: { key: `${'d'.repeat(64)}.pdf`, contentType: 'application/pdf', size: 20 },
    });
    const newer = await insert({ createdAt: new Date(Date.UTC(2031, 0, 2)), passportImage: ref('e') });
    await insert({ createdAt: new Date(Date.UTC(2031, 0, 3)), deletedAt: new Date() });

    const response = await harness.app.inject({ method: 'GET', url: '/api/images?pageSize=2', headers });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items.map((i: { id: string }) => i.id)).toEqual([newer.id, older.id]);
    expect(body.items[1]).toEqual({
      id: older.id,
      name: older.name,
      finNumber: older.finNumber,
      eCertNumber: older.eCertNumber,
      signatureImage: {
        url: `/files/${'a'.repeat(64)}.webp`,
        thumbnailUrl: `/files/${'a'.repeat(63)}0.webp`,
        contentType: 'image/webp',
        size: 10,
      },
      passportImage: expect.objectContaining({ url: `/files/${'b'.repeat(64)}.webp` }),
      certificateImage: expect.objectContaining({ url: `/files/${'c'.repeat(64)}.webp` }),
      pdf: { url: `/files/${'d'.repeat(64)}.pdf`, contentType: 'application/pdf', size: 20 },
      createdAt: '2031-01-01T00:00:00.000Z',
    });
    expect(body.items[0].signatureImage).toBeNull();
    const people = await list('pageSize=1');
    expect(body.total).toBe(people.total);
  });
});
