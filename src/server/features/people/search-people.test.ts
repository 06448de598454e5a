import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { person } from '../../db/schema/index.ts';
import { personFixture } from '../../test/people.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findPeople } from './find-people.ts';
import { SEARCH_COUNT_CAP } from './search-people.ts';
import { splitSearchRangesAlone } from './search-ranges.ts';

const validity = { validityYears: 2 };

/** Searches of people a, b and c as the first test leaves them. */
const PATTERNS = [
  'renamed-again', // 300 edited, in the cap
  'bec-2016-',
  '-2019',
  'BEC-2031',
  'c-2o',
  'person a 1',
  'c0001',
  '2016-A0001', // a number asked of the index, the whole tested on each candidate
  'son b 2', // no number: the whole asked of the index
  'F0001',
  'f0001a',
  'nobody',
  '%',
  'a 4',
  'person', // all 1,199: over the cap
  'bec-', // every serial starts so: over the cap, all of the second tier
  'fictionland',
];

/**
 * Whatever way people come, change and go, a search finds exactly what a plain case-insensitive
 * LIKE over the five fields finds, identifiers starting with the search first in their order (an
 * equal one first of all), and with more than the cap, the best page: those, then newest first. Run with the database
 * behind UTC and 14 hours ahead of it, as no part of a search may depend on the session's zone.
 */
describe.each(['America/New_York', 'Pacific/Kiritimati'])('staff search (database in %s)', (timeZone) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({}, { timeZone });
  });
  afterAll(async () => {
    await harness.close();
  });

  /** Live people whose five fields hold `q`, by ILIKE, with the least identifier starting with it. */
  const plainLike = (q: string) =>
    queryRows<{ id: string; key: string | null; at: number }>(
      harness.database.db,
      sql`select id, extract(epoch from created_at)::float8 as at,
            (select min(lower(v) collate "C") from unnest(array[fin_number, passport_number, e_cert_number]) v
             where starts_with(lower(v), lower(${q}))) as key
          from person
          where deleted_at is null
            and (name || ' ' || passport_number || ' ' || nationality || ' ' || e_cert_number || ' ' || fin_number)
                ilike '%' || replace(replace(replace(${q}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`,
    );
  /** Byte order, as the "C" collation compares. */
  const byKey = (a: string | null, b: string | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : Buffer.compare(Buffer.from(a), Buffer.from(b));

  async function everyPage(q: string) {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const found = await findPeople(harness.database.db, { q, page, pageSize: 100 }, validity);
      ids.push(...found.rows.map((row) => row.id));
      if (found.rows.length < 100) return { ids, total: found.total, totalCapped: found.totalCapped };
    }
  }

  async function expectSearchMatchesLike(patterns: string[]) {
    for (const q of patterns) {
      const expected = await plainLike(q);
      if (expected.length <= SEARCH_COUNT_CAP) {
        const found = await everyPage(q);
        expect(found, q).toMatchObject({ total: expected.length, totalCapped: false });
        expect([...found.ids].sort(), q).toEqual(expected.map((row) => row.id).sort());
        const keys = found.ids.map((id) => expected.find((row) => row.id === id)?.key ?? null);
        expect(keys, q).toEqual([...keys].sort(byKey));
      } else {
        const best = [...expected]
          .sort((a, b) => byKey(a.key, b.key) || b.at - a.at || (a.id < b.id ? 1 : -1))
          .slice(0, 40)
          .map((row) => row.id);
        const pages = await Promise.all(
          [1, 2].map((page) => findPeople(harness.database.db, { q, page, pageSize: 20 }, validity)),
        );
        expect(
          pages.flatMap((found) => found.rows.map((row) => row.id)),
          q,
        ).toEqual(best);
        expect(pages[0], q).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
      }
    }
  }

  /** People over ten years, many around midnight UTC at a month's end; serials carry their year. */
  const people = (count: number, tag: string) =>
    Array.from({ length: count }, (_, i) => {
      const day = Date.UTC(2015, 0, 1) + Math.floor(Math.random() * 10 * 365) * 86_400_000;
      const created = new Date(i % 3 === 0 ? Date.UTC(2016, 6, 31, 23, i % 60) : day + (i % 86_400) * 1000);
      return personFixture({
        name: `Person ${tag} ${i}`,
        passportNumber: `P${Math.floor(Math.random() * 1e7)}`,
        finNumber: `F${String(i).padStart(4, '0')}${tag.toUpperCase()}`,
        eCertNumber: `BEC-${created.getUTCFullYear()}-${tag}${String(i).padStart(5, '0')}`,
        createdAt: created,
      });
    });

  it('finds what a plain LIKE finds through inserts, edits, trash, restore and deletes', async () => {
    const db = harness.database.db;
    const inserted = await db.insert(person).values(people(600, 'a')).returning({ id: person.id });
    for (const batch of [people(300, 'b'), people(300, 'c')]) await db.insert(person).values(batch);
    const ids = inserted.map((row) => row.id);
    await db
      .update(person)
      .set({ name: sql`${person.name} || ' Renamed-Again'` })
      .where(inArray(person.id, ids.slice(0, 300)));
    await db
      .update(person)
      .set({ deletedAt: new Date() })
      .where(inArray(person.id, ids.slice(300, 400)));
    await db
      .update(person)
      .set({ deletedAt: null })
      .where(inArray(person.id, ids.slice(300, 350)));
    await db
      .update(person)
      .set({ createdAt: new Date(Date.UTC(2030, 0, 1)) })
      .where(inArray(person.id, ids.slice(400, 410)));
    await db.delete(person).where(eq(person.id, ids[500] as string));

    await expectSearchMatchesLike(PATTERNS);
  });

  it('finds the same in ranges of the date added, many added in the same second', async () => {
    expect(await splitSearchRangesAlone(harness.database, 100)).toBeGreaterThan(5);
    await expectSearchMatchesLike(PATTERNS);
  });

  it('keeps no trigger a bulk write would turn off, and no lock: the live count, day tally and check log', async () => {
    const triggers = await queryRows<{ name: string }>(
      harness.database.db,
      sql`select tgname as name from pg_trigger where tgrelid = 'person'::regclass and not tgisinternal order by 1`,
    );
    expect(triggers.map((t) => t.name)).toEqual([
      'person_day_tally_delete',
      'person_day_tally_insert',
      'person_day_tally_truncate',
      'person_day_tally_update',
      'person_live_count_delete',
      'person_live_count_insert',
      'person_live_count_truncate',
      'person_live_count_update',
      'verifier_check_unlink_deleted_person',
    ]);
  });
});
