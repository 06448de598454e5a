import { and, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import { person } from '../../db/schema/index.ts';

/** A search counts this many matches at most; past that the page says "more than", to refine. */
export const SEARCH_COUNT_CAP = 300;

/** `q` for LIKE, with `%`, `_` and `\` escaped so that typed in the search box they match themselves. */
const escaped = (q: string) => q.replace(/[\\%_]/g, '\\$&');

/**
 * The search text holds `q`, lower-cased by the database on both sides so every script folds alike.
 * When `q` holds an identifier's number (a run of 5 or more letters and digits with a digit), the
 * trigram index is asked for those runs and each candidate is tested for `q` whole: asked for `q`,
 * pg_trgm also reads the trigrams of a serial's `bec` and year and of its words' edges (` 20`),
 * which nearly every record has.
 */
export const holding = (searchText: SQLWrapper, q: string) => {
  const numbers = q.match(/[\p{L}\p{N}]{5,}/gu)?.filter((run) => /\p{N}/u.test(run)) ?? [];
  if (numbers.length === 0) return sql`${searchText} like lower(${`%${escaped(q)}%`})`;
  const indexed = numbers.map((run) => sql`${searchText} like lower(${`%${run}%`})`);
  return sql`(${sql.join(indexed, sql` and `)} and strpos(${searchText}, lower(${q})) > 0)`;
};

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
 * the best of those the filters keep, not the few of the best that they keep.
 */
export async function searchLivePeople(
  db: Db,
  q: string,
  offset: number,
  pageSize: number,
  filters?: SQL,
): Promise<SearchPage> {
  const [first, ...rest] = await queryRows<{ n: number; id: string | null }>(
    db,
    rankedMatches(q, filters, offset, pageSize),
  );
  const counted = first?.n ?? 0;
  if (counted <= SEARCH_COUNT_CAP) {
    const ids = [first, ...rest].flatMap((row) => (row?.id ? [row.id] : []));
    return { ids, total: counted, totalCapped: false };
  }
  const page = await queryRows<{ id: string }>(db, tieredMatches(q, filters, offset, pageSize));
  return { ids: page.map((row) => row.id), total: SEARCH_COUNT_CAP, totalCapped: true };
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
 * Up to SEARCH_COUNT_CAP + 1 matches, counted; when there are no more than the cap, the page of
 * them in relevance order (otherwise no page: one row whose id is null). Without filters,
 * identifier prefixes are counted first on their btrees: a serial's year matches people all
 * created that year, whom no newest-first or unordered scan of the search text reaches quickly.
 * With filters, the first of the btrees may all be filtered out, so the search text alone counts.
 */
function rankedMatches(q: string, filters: SQL | undefined, offset: number, pageSize: number) {
  const counted = filters
    ? sql`(select count(*) from hits)`
    : sql`greatest((select count(*) from starting), (select count(*) from hits))`;
  return sql`
  with starting as materialized (${prefixed(q, SEARCH_COUNT_CAP + 1)}),
  hits as materialized (
    select ${person.id} as id from ${person}
    where ${narrowed(filters)} and ${holding(person.searchText, q)}
      and (${filters ? sql`true` : sql`(select count(*) from starting) <= ${SEARCH_COUNT_CAP}`})
    limit ${SEARCH_COUNT_CAP + 1}
  ),
  counted as (select ${counted}::int as n)
  select counted.n, page.id from counted
  left join lateral (
    select ${person.id} as id from hits join ${person} on ${person.id} = hits.id
    where counted.n <= ${SEARCH_COUNT_CAP}
    order by ${prefixKey(q)} nulls last, ${wholeWordSimilarity(q)} desc,
      ${sql.join(newestFirst, sql`, `)}
    limit ${pageSize} offset ${offset}
  ) page on true`;
}

/**
 * The page of a search matching more than SEARCH_COUNT_CAP: identifiers starting with `q` in
 * their order, then the other matches newest first, each read in that order from its index no
 * further than the page's end. The others are read only when the first are fewer than that, and
 * `end` of them are enough: the page needs end - k others not among the k first, and at most k
 * of the newest `end` are among them. With filters, those of the btrees' first that the filters
 * keep come first, and the others are always read.
 */
function tieredMatches(q: string, filters: SQL | undefined, offset: number, pageSize: number) {
  const end = offset + pageSize;
  const kept = filters
    ? sql`(select starting.* from starting join ${person} on ${person.id} = starting.id where ${filters}) kept`
    : sql`starting`;
  return sql`
    with starting as materialized (${prefixed(q, end, true)}),
    others as (
      select ${person.id} as id, ${person.createdAt} as created_at, null::text collate "C" as key
      from ${person}
      where ${narrowed(filters)} and ${holding(person.searchText, q)}
        and (${filters ? sql`true` : sql`(select count(distinct id) from starting) < ${end}`})
      order by ${sql.join(newestFirst, sql`, `)} limit ${end}
    )
    select id from (
      select id, created_at, min(key) as key
      from (select * from ${kept} union all select * from others) listed
      group by id, created_at
    ) ranked
    order by key nulls last, ${sql.join(newestFirstBy(sql`created_at`, sql`id`), sql`, `)}
    limit ${pageSize} offset ${offset}`;
}
