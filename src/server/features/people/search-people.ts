import { and, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import { person } from '../../db/schema/index.ts';
import { inRange, type SearchRange, searchRanges } from './search-ranges.ts';

/** A search counts this many matches at most; past that the page says "more than", to refine. */
export const SEARCH_COUNT_CAP = 300;

/** `q` for LIKE, with `%`, `_` and `\` escaped so that typed in the search box they match themselves. */
export const escaped = (q: string) => q.replace(/[\\%_]/g, '\\$&');

/** The runs of 5 or more letters and digits with a digit in `q`: an identifier's number. */
const numberRuns = (q: string) => q.match(/[\p{L}\p{N}]{5,}/gu)?.filter((run) => /\p{N}/u.test(run)) ?? [];

/**
 * The search text holds `q`, lower-cased by the database on both sides so every script folds alike.
 * When `q` holds an identifier's number (a run of 5 or more letters and digits with a digit), the
 * trigram index is asked for those runs and each candidate is tested for `q` whole: asked for `q`,
 * pg_trgm also reads the trigrams of a serial's `bec` and year and of its words' edges (` 20`),
 * which nearly every record has.
 */
export const holding = (searchText: SQLWrapper, q: string) => {
  const numbers = numberRuns(q);
  if (numbers.length === 0) return sql`${searchText} like lower(${`%${escaped(q)}%`})`;
  const indexed = numbers.map((run) => sql`${searchText} like lower(${`%${run}%`})`);
  return sql`(${sql.join(indexed, sql` and `)} and strpos(${searchText}, lower(${q})) > 0)`;
};

/**
 * `holding`, but never asked of the trigram index when `q` has no run of 3 letters or digits:
 * its trigrams are then a word's edges ("d m" asks for every word starting with m), which the
 * planner takes for rare, and it rechecks most of the table (3 s at a million). Tested on each
 * row of the walk instead, the newest-first index is read once at most (about 18,000 pages).
 */
const holdingOnWalk = (searchText: SQLWrapper, q: string) =>
  /[\p{L}\p{N}]{3}/u.test(q) ? holding(searchText, q) : sql`strpos(${searchText}, lower(${q})) > 0`;

/** Newest first by these columns, spelled like person_live_newest_idx (desc nulls last). */
const newestFirstBy = (createdAt: SQLWrapper, id: SQLWrapper) => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];
export const newestFirst = newestFirstBy(person.createdAt, person.id);

/** An identifier lower-cased in the "C" collation: spelled like its btree, which serves `like 'q%'`. */
const identifierKeys = [person.finNumber, person.passportNumber, person.eCertNumber].map(
  (column) => sql`(lower(${column}) collate "C")`,
);
const startsWith = (key: SQL, q: string) => sql`${key} like lower(${`${escaped(q)}%`})`;
/**
 * The least identifier starting with `q`, or null: ordering by it puts an identifier equal to `q`
 * first (no other starting with it sorts before it), then the others in their own order.
 */
const prefixKey = (q: string) =>
  sql`least(${sql.join(
    identifierKeys.map((key) => sql`case when ${startsWith(key, q)} then ${key} end`),
    sql`, `,
  )})`;

export interface SearchPage {
  ids: string[];
  /** The matches, counted up to SEARCH_COUNT_CAP; `totalCapped` when more match. */
  total: number;
  totalCapped: boolean;
}

/**
 * The page of live people whose search text holds `q` and who meet `filters`, best first: an
 * identifier (FIN, passport, serial) equal to `q`, then those starting with it in identifier order,
 * then by how well `q` matches whole words of the text (pg_trgm's strict_word_similarity), then
 * newest. Ranking by similarity needs every match, so past SEARCH_COUNT_CAP matches that step is
 * left out (tieredMatches). The filters narrow the matches before they are counted, so a page holds
 * the best of those the filters keep, not the few of the best that they keep. Without filters or
 * an identifier's number, the matches are read newest range first (newestMatches).
 */
export async function searchLivePeople(
  db: Db,
  q: string,
  offset: number,
  pageSize: number,
  filters?: SQL,
): Promise<SearchPage> {
  if (filters) return counted(await queryRows(db, filteredMatches(q, filters, offset, pageSize)));
  if (numberRuns(q).length > 0) {
    const found = counted(await queryRows(db, rankedMatches(q, offset, pageSize)));
    if (!found.totalCapped) return found;
    return { ...found, ids: await tieredMatches(db, q, offset, pageSize, await searchRanges(db)) };
  }
  const ranges = await searchRanges(db);
  // A serial's year matches people all created that year, whom a newest-first read reaches late.
  const [prefixes] = await queryRows<{ n: number }>(db, countOf(prefixed(q, SEARCH_COUNT_CAP + 1)));
  if ((prefixes?.n ?? 0) > SEARCH_COUNT_CAP) {
    return {
      ids: await tieredMatches(db, q, offset, pageSize, ranges),
      total: SEARCH_COUNT_CAP,
      totalCapped: true,
    };
  }
  const newest = await newestMatches(db, ranges, q, SEARCH_COUNT_CAP + 1);
  if (newest.ids.length <= SEARCH_COUNT_CAP) {
    const page = await queryRows<{ id: string }>(
      db,
      sql`with hits as (select unnest(${uuids(newest.ids)}) as id) ${relevancePage(q, offset, pageSize, sql`true`)}`,
    );
    return { ids: page.map((row) => row.id), total: newest.ids.length, totalCapped: false };
  }
  const ids = await tieredMatches(db, q, offset, pageSize, ranges, newest.ids);
  return { ids, total: SEARCH_COUNT_CAP, totalCapped: true };
}

/** A page from a statement's rows: the matches counted (in `n`, up to the cap + 1) and the page's ids. */
function counted(rows: { n: number; id: string | null }[]): SearchPage {
  const n = rows[0]?.n ?? 0;
  const ids = rows.flatMap((row) => (row.id ? [row.id] : []));
  return { ids, total: Math.min(n, SEARCH_COUNT_CAP), totalCapped: n > SEARCH_COUNT_CAP };
}

/**
 * The people with an identifier starting with `q`, up to `limit` from each identifier's btree in
 * its order: each person once (to count them), or with `keys` once per identifier (to rank them).
 */
function prefixed(q: string, limit: number, keys = false) {
  const lists = identifierKeys.map((key) => {
    const columns = keys
      ? sql`${person.id} as id, ${person.createdAt} as created_at, ${key} as key`
      : sql`${person.id} as id`;
    return sql`(select ${columns} from ${person}
      where ${person.deletedAt} is null and ${startsWith(key, q)} order by ${key} limit ${limit})`;
  });
  return sql.join(lists, keys ? sql` union all ` : sql` union `);
}

/**
 * How well `q` matches whole words of the search text: 1 for a word equal to it. Not
 * word_similarity, which may take the end of the word before for the end of `q`: it scores
 * `zq67` in "p67 zq67ian" 1, as a whole word.
 */
const wholeWordSimilarity = (q: string) => sql`strict_word_similarity(lower(${q}), ${person.searchText})`;

/** Live people whom `filters` keep. */
const narrowed = (filters: SQL | undefined) => and(sql`${person.deletedAt} is null`, filters) as SQL;

/**
 * The page of a search's matches (at most SEARCH_COUNT_CAP, in `hits`) in relevance order, read
 * only `when` holds.
 */
const relevancePage = (q: string, offset: number, pageSize: number, when: SQL) => sql`
  select ${person.id} as id from hits join ${person} on ${person.id} = hits.id
  where ${when}
  order by ${prefixKey(q)} nulls last, ${wholeWordSimilarity(q)} desc, ${sql.join(newestFirst, sql`, `)}
  limit ${pageSize} offset ${offset}`;

/** How many rows `rows` gives (or distinct values of `what`), in `n`. */
const countOf = (rows: SQL, what = sql`*`) => sql`select count(${what})::int as n from (${rows}) counted`;

/** Ids as one uuid[] parameter. */
const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Up to SEARCH_COUNT_CAP + 1 matches of a search holding an identifier's number, counted; when
 * there are no more than the cap, the page of them in relevance order (otherwise no page: one row
 * whose id is null). Identifier prefixes are counted first on their btrees: a serial's year
 * matches people all created that year, whom no scan of the search text reaches quickly. An
 * identifier's number is rare, and the trigram index gives its few candidates at once.
 */
function rankedMatches(q: string, offset: number, pageSize: number) {
  return sql`
  with starting as materialized (${prefixed(q, SEARCH_COUNT_CAP + 1)}),
  hits as materialized (
    select ${person.id} as id from ${person}
    where ${person.deletedAt} is null and ${holding(person.searchText, q)}
      and (select count(*) from starting) <= ${SEARCH_COUNT_CAP}
    limit ${SEARCH_COUNT_CAP + 1}
  ),
  counted as (select greatest((select count(*) from starting), (select count(*) from hits))::int as n)
  select counted.n, page.id from counted
  left join lateral (${relevancePage(q, offset, pageSize, sql`counted.n <= ${SEARCH_COUNT_CAP}`)}) page on true`;
}

/**
 * Filters keeping at most this many people are read first and the search tested on their rows:
 * walking the newest-first index for the search's matches among them passes about
 * live ÷ kept entries a match, most of the index when both are rare. Past this, reading the
 * rows costs more than the walk (18,511 rows read at a million: 753 ms, the walk 0.5 s).
 */
const FEW_KEPT = 5_000;

/**
 * A search narrowed by filters, in one statement that reads its matches once: the newest
 * SEARCH_COUNT_CAP + 1 the filters keep (from the rows they keep when FEW_KEPT or fewer, else on
 * the newest-first index, which carries the search text and the filters' columns), counted. When they are no more, the page ranked by relevance; otherwise
 * tieredMatches' page: identifiers starting with `q` that the filters keep (the btrees' first
 * may all be filtered out, so they do not count), then the newest. Only the page read applies.
 */
function filteredMatches(q: string, filters: SQL, offset: number, pageSize: number) {
  const end = offset + pageSize;
  return sql`
  with starting as materialized (${prefixed(q, end, true)}),
  kept as materialized (select ${person.id} as id from ${person} where ${narrowed(filters)} limit ${FEW_KEPT + 1}),
  hits as materialized (
    (select ${person.id} as id, ${person.createdAt} as created_at from ${person}
    where ${narrowed(filters)} and ${holdingOnWalk(person.searchText, q)}
      and (select count(*) from kept) > ${FEW_KEPT}
    order by ${sql.join(newestFirst, sql`, `)}
    limit ${Math.max(SEARCH_COUNT_CAP + 1, end)})
    union all
    (select ${person.id} as id, ${person.createdAt} as created_at from kept join ${person} on ${person.id} = kept.id
    where ${holding(person.searchText, q)} and (select count(*) from kept) <= ${FEW_KEPT}
    order by ${sql.join(newestFirst, sql`, `)}
    limit ${Math.max(SEARCH_COUNT_CAP + 1, end)})
  ),
  counted as (select count(*)::int as n from hits)
  select counted.n, page.id from counted
  left join lateral (${relevancePage(q, offset, pageSize, sql`counted.n <= ${SEARCH_COUNT_CAP}`)}) page on true
  union all
  select counted.n, page.id from counted
  join lateral (
    select id from (
      select id, created_at, min(key) as key from (
        select starting.* from starting join ${person} on ${person.id} = starting.id where ${filters}
        union all
        select id, created_at, null::text collate "C" as key from hits
      ) listed
      group by id, created_at
    ) ranked
    where counted.n > ${SEARCH_COUNT_CAP}
    order by key nulls last, ${sql.join(newestFirstBy(sql`created_at`, sql`id`), sql`, `)}
    limit ${pageSize} offset ${offset}
  ) page on true`;
}

/**
 * Ranges read one statement each before the older rest is read in one, on the index of all
 * search text: a statement plans every range it names (about 0.85 ms a range at ten million), so
 * a name found nowhere took 83 ms through 100 ranges, and 8 ms so.
 */
const RANGES_READ_ALONE = 4;

/**
 * The `want` newest live people whose search text holds `q`, read range by range newest first
 * (search-ranges.ts) until there are enough, each on its own trigram index or its share of the
 * newest-first one: a common search reads the newest range alone, whatever the registry's size.
 * Past RANGES_READ_ALONE ranges, the rest are read at once. Returns the statements read as well.
 */
export async function newestMatches(db: Db, ranges: SearchRange[], q: string, want: number) {
  const alone = ranges.slice(0, RANGES_READ_ALONE);
  const oldest = alone.at(-1);
  const rest = ranges.length > alone.length && oldest ? [{ startsAt: null, endsAt: oldest.startsAt }] : [];
  const ids: string[] = [];
  let rangesRead = 0;
  for (const range of [...alone, ...rest]) {
    if (ids.length >= want) break;
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select ${person.id} as id from ${person} where ${inRange(range)} and ${holding(person.searchText, q)}
        order by ${sql.join(newestFirst, sql`, `)} limit ${want - ids.length}`,
    );
    ids.push(...rows.map((row) => row.id));
    rangesRead += 1;
  }
  return { ids, rangesRead };
}

/**
 * The page of a search matching more than SEARCH_COUNT_CAP, without filters: identifiers starting
 * with `q` in their order, then the other matches newest first, each read in that order no
 * further than the page's end. The others are read only when the first are fewer than that, and
 * `end` of them are enough: the page needs end - k others not among the k first, and at most k of
 * the newest `end` are among them.
 */
async function tieredMatches(
  db: Db,
  q: string,
  offset: number,
  pageSize: number,
  ranges: SearchRange[],
  newest: string[] = [],
) {
  const end = offset + pageSize;
  const starting = prefixed(q, end, true);
  const [prefixes] = await queryRows<{ n: number }>(db, countOf(starting, sql`distinct id`));
  let others: string[] = [];
  if ((prefixes?.n ?? 0) < end)
    others = end <= newest.length ? newest : (await newestMatches(db, ranges, q, end)).ids;
  const page = await queryRows<{ id: string }>(
    db,
    sql`
    with starting as materialized (${starting}),
    others as (
      select ${person.id} as id, ${person.createdAt} as created_at, null::text collate "C" as key
      from ${person} where ${person.id} = any(${uuids(others)})
    )
    select id from (
      select id, created_at, min(key) as key
      from (select * from starting union all select * from others) listed
      group by id, created_at
    ) ranked
    order by key nulls last, ${sql.join(newestFirstBy(sql`created_at`, sql`id`), sql`, `)}
    limit ${pageSize} offset ${offset}`,
  );
  return page.map((row) => row.id);
}
