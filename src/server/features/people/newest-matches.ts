import { and, isNull, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, memoizedFor, queryRows } from '../../db/database.ts';
import { person, personSearchChunk, personSearchPunctuation } from '../../db/schema/index.ts';

/** Newest first by these columns, spelled like person_live_newest_idx (desc nulls last). */
export const newestFirstBy = (createdAt: SQLWrapper, id: SQLWrapper) => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];

// Spelled like the index so that the planner can walk it.
export const newestFirst = newestFirstBy(person.createdAt, person.id);

/** `q` as a literal substring: `%`, `_` and `\` typed in the search box match themselves. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** The far end of the ordinals (2^62): the chunks nearest it are the newest. */
const NEWEST_ORDINAL = sql.raw('4611686018427387904');

/**
 * How many of the newest people a search tests one by one before it turns to the chunks: about
 * 7 ms on the covering index at a million records, enough for a page of any substring that one
 * person in a thousand has, however the matches are spread.
 */
const NEWEST_TESTED_FIRST = 20_000;

/**
 * The ids of the newest `count` live people matching `q` (fewer if there are not so many), newest
 * first. The newest people are tested one by one first, on the index that carries their search
 * text; a substring whose matches are rare there (or all old, like a serial's year) is then found
 * through person_search_chunk. Both start below the newest month a match can be in, when `q`
 * holds a character pg_trgm cannot see (newestMatchBefore).
 */
export async function newestMatchIds(db: Db, q: string, count: number): Promise<string[]> {
  const before = await newestMatchBefore(db, q);
  if (before === 'no match') return [];
  const found = await preparedFor(db).newestTested.execute({
    before: before ?? 'infinity',
    pattern: containing(q),
    count,
  });
  if (found.length === count) return found.map((match) => match.id);
  return newestMatchIdsByChunk(db, q, count, before);
}

/**
 * The newest-first test, prepared once for each database: PostgreSQL parses and plans it once per
 * connection instead of for every search (0.2–0.5 ms), and its plan, a walk of
 * person_live_newest_idx, does not depend on the values.
 */
const preparedFor = memoizedFor((db: Db) => {
  const newest = db
    .select({ id: person.id, createdAt: person.createdAt, searchText: person.searchText })
    .from(person)
    .where(and(isNull(person.deletedAt), lt(person.createdAt, sql.placeholder('before'))))
    .orderBy(...newestFirst)
    .limit(NEWEST_TESTED_FIRST)
    .as('newest');
  return {
    newestTested: db
      .select({ id: newest.id })
      .from(newest)
      .where(sql`${newest.searchText} like lower(${sql.placeholder('pattern')})`)
      .orderBy(...newestFirstBy(newest.createdAt, newest.id))
      .limit(sql.placeholder('count'))
      .prepare('search_newest_tested'),
  };
});

/** Characters pg_trgm reads; a search for any other finds where to start in person_search_punctuation. */
const TRIGRAM_CHARACTERS = /^[a-z0-9 ]*$/;

/**
 * For a `q` holding a character pg_trgm cannot see (a '-' of a serial), the start of the month
 * after the newest in which a live person may match it, from person_search_punctuation: every
 * match holds each of `q`'s grams, so none is newer than the oldest of their newest months.
 * 'no match' when one of the grams is in no month; null when `q` has no such gram (the test here
 * only saves a query: the database decides, by its own lower()).
 */
export async function newestMatchBefore(db: Db, q: string): Promise<Date | 'no match' | null> {
  if (TRIGRAM_CHARACTERS.test(q.toLowerCase())) return null;
  const [row] = await queryRows<{ anyInNoMonth: boolean | null; before: Date | string | null }>(
    db,
    sql`select bool_or(newest is null) as "anyInNoMonth", min(newest) + interval '1 month' as "before"
        from person_search_punctuation_grams(lower(${q})) g
        cross join lateral (
          select max(${personSearchPunctuation.month}) as newest from ${personSearchPunctuation}
          where ${personSearchPunctuation.gram} = g
        ) listed`,
  );
  if (row?.anyInNoMonth) return 'no match';
  return row?.before ? new Date(row.before) : null;
}

/**
 * The same through person_search_chunk: the GiST walks chunks newest first (from the one holding
 * the newest person created before `before`, when given), passing over those without the
 * pattern's trigrams, and the people of the chunks it yields are tested and sorted.
 * The matches in the first n chunks are all the matches down to the oldest of them, so when they
 * are enough they are right; otherwise it asks again with four times the chunks, until the walk
 * has run out.
 */
export async function newestMatchIdsByChunk(
  db: Db,
  q: string,
  count: number,
  before: Date | null = null,
): Promise<string[]> {
  const pattern = containing(q);
  // The chunk holding the newest person created before `before`, or the newest chunk.
  const start = before
    ? sql`(select ordinal from ${personSearchChunk} where from_created_at < ${before}
           order by from_created_at desc, from_id desc limit 1)`
    : sql`${NEWEST_ORDINAL}::bigint`;
  for (let chunks = 64 + Math.ceil(count / 4); ; chunks *= 4) {
    const rows = await walkChunks(
      db,
      sql`
      with chunk as materialized (
        select from_created_at, from_id, to_created_at, to_id from ${personSearchChunk}
        where doc like person_search_chunk_text(lower(${pattern})) and ordinal <= ${start}
        order by ordinal <-> ${start}
        limit ${chunks}
      )
      select walked.n as "walked", newest.id from (select count(*)::int as n from chunk) walked
      left join lateral (
        select p.id from chunk c cross join lateral (
          -- strpos, which no index serves, so that each chunk's range is read on the newest-first
          -- index rather than every match in the trigram index filtered by range. Limited (no
          -- chunk gives more than are wanted) so that the planner runs it once per chunk.
          select p.id, p.created_at from ${person} p
          where p.deleted_at is null and strpos(p.search_text, lower(${q})) > 0
            and (p.created_at, p.id) >= (c.from_created_at, c.from_id)
            and (p.created_at, p.id) < (c.to_created_at, c.to_id)
          order by p.created_at desc nulls last, p.id desc nulls last
          limit ${count}
        ) p
        order by p.created_at desc nulls last, p.id desc nulls last
        limit ${count}
      ) newest on true`,
    );
    const ids = rows.flatMap((row) => (row.id ? [row.id] : []));
    if (ids.length === count || (rows[0]?.walked ?? 0) < chunks) return ids;
  }
}

/**
 * Runs the chunk walk with the GiST walked in order. The planner cannot estimate how many chunks a
 * pattern matches (13 expected, 1,095 found for "hi wi") and, expecting few, would read the whole
 * 340 MB index into a bitmap and sort: 220 ms where the ordered walk takes 30.
 */
function walkChunks(db: Db, query: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`,
    );
    return queryRows<{ walked: number; id: string | null }>(tx, query);
  });
}
