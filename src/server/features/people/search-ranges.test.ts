import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { personSearchRange } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findPeople } from './find-people.ts';
import { newestMatches } from './search-people.ts';
import { searchRanges, splitSearchRangesAlone } from './search-ranges.ts';

const SIZE = 1_000;
const validity = { validityYears: 2 };
let harness: TestApp;

/** `count` people added a minute apart, the newest `newestMinutesAgo`; one in 997 a Rareword. */
const addPeople = (count: number, newestMinutesAgo: number, tag: string) =>
  harness.database.db.execute(sql`
    insert into person (name, dob, gender, nationality, passport_number, fin_number, e_cert_number,
      trade_tested, test_level, test_result, passed_date, created_at)
    select 'Ranged ' || (array['Tan', 'Lee', 'Ng', 'Ong'])[i % 4 + 1] || case when i % 997 = 0 then ' Rareword' else '' end,
      '1990-01-01', 'Female', 'Fictionland', 'P' || ${tag} || i, 'F' || ${tag} || i, 'S-' || ${tag} || lpad(i::text, 5, '0'),
      'Welding', 'Level 1', 'Passed', '2020-01-01', now() - (${newestMinutesAgo} + i) * interval '1 minute'
    from generate_series(1, ${count}) as i`);

const liveIn = async () =>
  queryRows<{ n: number; live: number; index: string | null }>(
    harness.database.db,
    sql`select r.n, count(p.id)::int as live,
        (select indexname from pg_indexes where indexname = 'person_live_search_range_' || r.n) as index
      from person_search_range r left join person p on p.deleted_at is null
        and p.created_at >= coalesce(r.starts_at, '-infinity') and p.created_at < coalesce(r.ends_at, 'infinity')
      group by r.n, r.starts_at order by r.starts_at nulls first`,
  );

/** Live people holding `q`, newest first: the plain ORDER BY a search's second tier is. */
const newestHolding = (q: string, offset: number, limit: number) =>
  queryRows<{ id: string }>(
    harness.database.db,
    sql`select id from person where deleted_at is null and search_text like ${`%${q.toLowerCase()}%`}
      order by created_at desc, id desc offset ${offset} limit ${limit}`,
  );

const searchPage = async (q: string, page: number, pageSize: number) =>
  findPeople(harness.database.db, { q, page, pageSize }, validity);

// Ten years of people a minute apart would be 5 million: these are 10,000, a minute apart, so
// each range of 1,000 is 1,000 minutes and no two people share a millisecond.
beforeAll(async () => {
  harness = await createTestApp({}, { timeZone: 'Pacific/Kiritimati' });
  await addPeople(10_000, 3_000, 'a');
});
afterAll(async () => {
  await harness.close();
});

describe('the search ranges', () => {
  it('start as one of everyone, then split the newest once it holds twice their size', async () => {
    expect(await searchRanges(harness.database.db)).toEqual([{ startsAt: null, endsAt: null }]);

    expect(await splitSearchRangesAlone(harness.database, SIZE)).toBe(10);
    const ranges = await searchRanges(harness.database.db);
    expect(ranges.map((range) => range.startsAt === null)).toEqual([...Array(9).fill(false), true]);
    expect(ranges[0]?.endsAt).toBeNull();
    for (const [i, range] of ranges.slice(1).entries()) expect(range.endsAt).toEqual(ranges[i]?.startsAt);
    const made = await liveIn();
    expect(made.map((range) => range.live)).toEqual(Array(10).fill(SIZE));
    expect(made.every((range) => range.index !== null)).toBe(true);
    expect(await splitSearchRangesAlone(harness.database, SIZE)).toBe(0);

    // 1,500 added since: the newest holds 2,500 and becomes one of 1,000 and one of 1,500.
    await addPeople(1_500, 0, 'b');
    expect(await splitSearchRangesAlone(harness.database, SIZE)).toBe(2);
    const after = await liveIn();
    expect(after.map((range) => range.live)).toEqual([...Array(10).fill(SIZE), 1_500]);
    expect(after.every((range) => range.index !== null)).toBe(true);
    const [indexes] = await queryRows<{ n: number }>(
      harness.database.db,
      sql`select count(*)::int as n from pg_indexes where indexname like 'person_live_search_range_%'`,
    );
    expect(indexes?.n).toBe(11);
  });

  it('finds what a plain ORDER BY … OFFSET finds, page after page', async () => {
    // Over the cap: the newest matches, whichever ranges they are in (page 4 ends 2 ranges back).
    for (const [q, page, pageSize] of [
      ['ranged tan', 1, 20],
      ['ranged tan', 2, 20],
      ['d ong', 3, 100],
      ['ranged tan', 4, 250],
    ] as const) {
      const found = await searchPage(q, page, pageSize);
      expect(found.totalCapped, q).toBe(true);
      expect(
        found.rows.map((row) => row.id),
        `${q} page ${page}`,
      ).toEqual((await newestHolding(q, (page - 1) * pageSize, pageSize)).map((row) => row.id));
    }
    // Within it: every match, from every range (11 Rarewords, one of them among the newest).
    const rare = await searchPage('rareword', 1, 100);
    expect(rare.total).toBe(11);
    expect(rare.rows.map((row) => row.id).sort()).toEqual(
      (await newestHolding('rareword', 0, 100)).map((row) => row.id).sort(),
    );
  });

  it('reads a common search in the newest range alone, and a rare one in four, then the rest at once', async () => {
    const ranges = await searchRanges(harness.database.db);
    const read = (q: string, want: number) => newestMatches(harness.database.db, ranges, q, want);
    expect((await read('ranged tan', 301)).rangesRead).toBe(1);
    expect((await read('ranged tan', 500)).rangesRead).toBe(2);
    const rare = await read('rareword', 26);
    expect(ranges.length).toBeGreaterThan(5);
    expect(rare).toMatchObject({ rangesRead: 5 });
    expect(rare.ids).toEqual((await newestHolding('rareword', 0, 26)).map((row) => row.id));
  });

  it('is what a staff search reads: the newest ranges on their own indexes', async () => {
    const ranges = await harness.database.db.select().from(personSearchRange);
    const newest = ranges.find((range) => range.endsAt === null);
    // On one connection, its index statistics flushed, so the scans it made are counted.
    const scans = await harness.database.unlessRunningElsewhere(1n, async (db) => {
      const scansOf = async () => {
        await db.execute(sql`select pg_stat_force_next_flush()`);
        await db.execute(sql`select pg_stat_clear_snapshot()`);
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`select idx_scan::int as n from pg_stat_user_indexes
            where indexrelname = ${`person_live_search_range_${newest?.n}`}`,
        );
        return row?.n ?? 0;
      };
      const before = await scansOf();
      await findPeople(db, { q: 'rareword', page: 1, pageSize: 25 }, validity);
      return (await scansOf()) - before;
    });
    expect(scans).toBeGreaterThan(0);
  });

  it('drops an index a split cut short left, and builds none of a range it did not make', async () => {
    await harness.database.db.execute(
      sql`create index person_live_search_range_9999 on person using gin (search_text gin_trgm_ops)
        where deleted_at is null and created_at >= '2020-01-01'::timestamptz`,
    );
    expect(await splitSearchRangesAlone(harness.database, SIZE)).toBe(0);
    const [left] = await queryRows<{ n: number }>(
      harness.database.db,
      sql`select count(*)::int as n from pg_indexes where indexname = 'person_live_search_range_9999'`,
    );
    expect(left?.n).toBe(0);
  });
});
