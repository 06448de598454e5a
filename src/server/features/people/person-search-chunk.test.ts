import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { person } from '../../db/schema/index.ts';
import { personFixture } from '../../test/people.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newestMatchBefore, newestMatchIds, newestMatchIdsByChunk } from './newest-matches.ts';

/**
 * The search's own structures are kept by triggers: every way people come, change and go must
 * leave person_live_search holding exactly the live people as they are now, the punctuation
 * months listing each live person's grams, and person_search_chunk (which only ever narrows a
 * search down) covering each key once, in order, each chunk holding the current text of its live
 * people and small enough for its GiST key; and the walk over them must find exactly what a plain
 * LIKE does, newest first.
 */
describe('the search structures kept by triggers', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => {
    await harness.close();
  });

  const rows = <Row>(query: SQL) => queryRows<Row>(harness.database.db, query);

  async function expectChunksCoverLivePeople() {
    const chunks = await rows<{
      ordinal: string;
      from_key: string;
      to_key: string;
      doc: string;
      key_order: number;
    }>(sql`
      select ordinal::text, from_created_at::text || ' ' || from_id as from_key, to_created_at::text || ' ' || to_id as to_key, doc,
             (row_number() over (order by from_created_at, from_id))::int as key_order
      from person_search_chunk c order by c.ordinal`);
    // In ordinal order, each chunk starts where the one before ended, from the first key to the last.
    expect(chunks[0]?.from_key).toBe('-infinity 00000000-0000-0000-0000-000000000000');
    expect(chunks.at(-1)?.to_key).toBe('infinity ffffffff-ffff-ffff-ffff-ffffffffffff');
    chunks.forEach((chunk, i) => {
      expect(chunk.key_order).toBe(i + 1);
      if (i > 0) expect(chunk.from_key).toBe(chunks[i - 1]?.to_key);
      if (i > 0) expect(BigInt(chunk.ordinal)).toBeGreaterThan(BigInt(chunks[i - 1]?.ordinal ?? 0));
      expect(chunk.doc.length).toBeLessThanOrEqual(1600);
    });
    const missing = await rows<{ id: string }>(sql`
      select p.id from person p
      where p.deleted_at is null and not exists (
        select 1 from person_search_chunk c
        where (p.created_at, p.id) >= (c.from_created_at, c.from_id) and (p.created_at, p.id) < (c.to_created_at, c.to_id)
          and position(person_search_chunk_text(p.search_text) in c.doc) > 0)`);
    expect(missing).toEqual([]);
    return chunks.length;
  }

  /** Every live person's grams pg_trgm cannot see are listed for the month it was created in. */
  async function expectPunctuationListsLivePeople() {
    const missing = await rows<{ gram: string }>(sql`
      select g as gram from person p cross join lateral person_search_punctuation_grams(p.search_text) g
      where p.deleted_at is null and not exists (
        select 1 from person_search_punctuation l
        where l.gram = g and l.month = date_trunc('month', p.created_at, 'UTC'))`);
    expect(missing).toEqual([]);
    const [listed] = await rows<{ n: number }>(sql`select count(*)::int as n from person_search_punctuation`);
    return listed?.n ?? 0;
  }

  /** person_live_search holds exactly the live people, with their current key and search text. */
  async function expectLiveSearchMirrorsLivePeople() {
    const differing = await rows<{ side: string; id: string }>(sql`
      (select 'only in person' as side, id from (
        select id, created_at, search_text from person where deleted_at is null
        except select id, created_at, search_text from person_live_search) a)
      union all
      (select 'only in person_live_search', id from (
        select id, created_at, search_text from person_live_search
        except select id, created_at, search_text from person where deleted_at is null) b)`);
    expect(differing).toEqual([]);
    const [listed] = await rows<{ n: number }>(sql`select count(*)::int as n from person_live_search`);
    return listed?.n ?? 0;
  }

  async function expectWalkMatchesLike(patterns: string[]) {
    for (const q of patterns) {
      const expected = await rows<{ id: string }>(sql`
        select id from person where deleted_at is null and strpos(search_text, lower(${q})) > 0
        order by created_at desc, id desc limit 30`);
      const ids = expected.map((row) => row.id);
      expect(await newestMatchIdsByChunk(harness.database.db, q, 30), q).toEqual(ids);
      expect(await newestMatchIds(harness.database.db, q, 30), q).toEqual(ids);
    }
  }

  /** People over ten years in random order, serials carrying their year as real ones do. */
  const people = (count: number, tag: string) =>
    Array.from({ length: count }, (_, i) => {
      const created = new Date(Date.UTC(2015, 0, 1) + Math.floor(Math.random() * 10 * 365) * 86_400_000);
      return personFixture({
        name: `Person ${tag} ${i}`,
        passportNumber: `P${Math.floor(Math.random() * 1e7)}`,
        eCertNumber: `BEC-${created.getUTCFullYear()}-${tag}${String(i).padStart(5, '0')}`,
        createdAt: created,
      });
    });

  it('cover every live person through inserts, edits, trash, restore, deletes and truncate', async () => {
    const db = harness.database.db;
    expect(await expectChunksCoverLivePeople()).toBe(1);
    expect(await expectPunctuationListsLivePeople()).toBe(0);
    expect(await expectLiveSearchMirrorsLivePeople()).toBe(0);

    const inserted = await db.insert(person).values(people(600, 'a')).returning({ id: person.id });
    for (const batch of [people(200, 'b'), people(200, 'c')]) await db.insert(person).values(batch);
    // Several statements at one instant, as in one transaction: their keys interleave.
    const now = new Date();
    for (let i = 0; i < 3; i++)
      await db.insert(person).values(people(50, `t${i}`).map((p) => ({ ...p, createdAt: now })));
    expect(await expectChunksCoverLivePeople()).toBeGreaterThan(20);
    expect(await expectPunctuationListsLivePeople()).toBeGreaterThan(100);
    expect(await expectLiveSearchMirrorsLivePeople()).toBe(1150);

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
    await expectChunksCoverLivePeople();
    await expectPunctuationListsLivePeople();
    // 1,150 inserted, 100 trashed and 50 of them restored, one deleted.
    expect(await expectLiveSearchMirrorsLivePeople()).toBe(1099);
    await expectWalkMatchesLike([
      'renamed-again',
      'bec-2016-',
      '-2019',
      '2015-',
      '-2024-a',
      'bec-2031',
      'c-2o',
      'person a 1',
      'c0001',
      'nobody',
      '%',
      'a 4',
    ]);

    await db.execute(sql`truncate person`);
    expect(await expectChunksCoverLivePeople()).toBe(1);
    expect(await expectPunctuationListsLivePeople()).toBe(0);
    expect(await expectLiveSearchMirrorsLivePeople()).toBe(0);
  });

  it('find room for a split by renumbering when neighbouring ordinals are consecutive', async () => {
    const db = harness.database.db;
    await db.insert(person).values(people(400, 'r'));
    await db.execute(sql`update person_search_chunk c set ordinal = r.rank
      from (select id, row_number() over (order by ordinal) as rank from person_search_chunk) r where c.id = r.id`);
    await db.insert(person).values(people(1500, 's'));
    await expectChunksCoverLivePeople();
    await expectWalkMatchesLike(['person s', 'person r 1', '-2020-']);
  });

  it('start a search for a substring pg_trgm cannot see below the newest month that can match', async () => {
    const db = harness.database.db;
    await db.execute(sql`truncate person`);
    await db
      .insert(person)
      .values([
        personFixture({ eCertNumber: 'BEC-2016-X1', createdAt: new Date('2016-03-10T00:00:00Z') }),
        personFixture({ eCertNumber: 'BEC-2016-X2', createdAt: new Date('2016-07-31T23:00:00Z') }),
        personFixture({ eCertNumber: 'BEC-2024-X3', createdAt: new Date('2024-02-02T00:00:00Z') }),
      ]);
    // Each gram of the pattern bounds it: "c-2016" is in July 2016 at the newest, "6-x2" in March.
    expect(await newestMatchBefore(db, 'C-2016')).toEqual(new Date('2016-08-01T00:00:00Z'));
    expect(await newestMatchBefore(db, '2016-X1')).toEqual(new Date('2016-04-01T00:00:00Z'));
    expect(await newestMatchBefore(db, 'bec-2099')).toBe('no match');
    expect(await newestMatchBefore(db, 'bec 2016')).toBeNull();
    await expectWalkMatchesLike(['C-2016', '2016-X1', 'bec-2099', '-X3']);
  });
});
