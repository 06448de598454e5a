import { isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { person, personSearchChunk } from '../../db/schema/index.ts';

// Spelled like person_live_newest_idx (desc nulls last) so the planner can walk the index.
export const newestFirst = [sql`${person.createdAt} desc nulls last`, sql`${person.id} desc nulls last`];

/** `q` as a literal substring: `%`, `_` and `\` typed in the search box match themselves. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * From this many expected matches a search is taken newest first (newestMatchIds) rather than
 * found on the trigram index: that index builds its whole candidate set before the first row, 18 ms
 * for 30,000 candidates but 135–170 ms for a substring in every record (bench/README.md).
 */
export const MANY_MATCHES = 10_000;

/** How many people the planner expects to pass `where` (it plans the query, never runs it). */
export async function expectedMatches(db: Db, where: SQL | undefined) {
  const result = await db.execute(sql`explain (format json) select 1 from ${person} where ${where}`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const cell = row?.['QUERY PLAN'];
  const [plan] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }];
  return plan.Plan['Plan Rows'];
}

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
 * through person_search_chunk.
 */
export async function newestMatchIds(db: Db, q: string, count: number): Promise<string[]> {
  const newest = db
    .select({ id: person.id, createdAt: person.createdAt, searchText: person.searchText })
    .from(person)
    .where(isNull(person.deletedAt))
    .orderBy(...newestFirst)
    .limit(NEWEST_TESTED_FIRST)
    .as('newest');
  const found = await db
    .select({ id: newest.id })
    .from(newest)
    .where(sql`${newest.searchText} like lower(${containing(q)})`)
    .orderBy(sql`${newest.createdAt} desc nulls last`, sql`${newest.id} desc nulls last`)
    .limit(count);
  if (found.length === count) return found.map((match) => match.id);
  return newestMatchIdsByChunk(db, q, count);
}

/**
 * The same through person_search_chunk: the GiST walks chunks newest first, passing over those
 * without the pattern's trigrams, and the people of the chunks it yields are tested and sorted.
 * The matches in the first n chunks are all the matches down to the oldest of them, so when they
 * are enough they are right; otherwise it asks again with four times the chunks, until the walk
 * has run out.
 */
export async function newestMatchIdsByChunk(db: Db, q: string, count: number): Promise<string[]> {
  const pattern = containing(q);
  for (let chunks = 64 + Math.ceil(count / 4); ; chunks *= 4) {
    const result = await db.execute(sql`
      with chunk as materialized (
        select from_created_at, from_id, to_created_at, to_id from ${personSearchChunk}
        where doc like person_search_chunk_text(lower(${pattern}))
        order by ordinal <-> ${NEWEST_ORDINAL}::bigint
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
      ) newest on true`);
    const rows = (result as unknown as { rows: { walked: number; id: string | null }[] }).rows;
    const ids = rows.flatMap((row) => (row.id ? [row.id] : []));
    if (ids.length === count || (rows[0]?.walked ?? 0) < chunks) return ids;
  }
}
