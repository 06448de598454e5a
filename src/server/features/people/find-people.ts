import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  isNotNull,
  isNull,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PageQuery, SearchPageQuery } from '#shared/api/paging.ts';
import { type Db, memoizedFor, queryRows } from '../../db/database.ts';
import { person, personLiveCount, personLiveSearch } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { containing, newestFirst, newestFirstBy, newestMatchIds } from './newest-matches.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no record: it answers 404 like an unknown one, never a database error. */
export const isPersonId = (id: string) => UUID.test(id);

/**
 * A search counts its matches only a few pages past the one shown: counting costs a test of every
 * match, and at a million records a broad substring such as "bec" matches them all, while one such
 * as "l i" is scattered thinly enough that counting 1,000 took 170 ms (bench/README.md). Page 1
 * says "100+" when there are more, and each page further on counts that much further, so the
 * pages ahead of the current one can always be reached.
 */
export const SEARCH_COUNT_AHEAD = 100;

/**
 * Live people (or, with `trashed`, those in the trash) matching `q` case-insensitively in name,
 * passport number, nationality, e-Cert number or FIN, newest first. Without `q` the total is
 * exact; with it, `totalCapped` says there are more than `total` (see SEARCH_COUNT_AHEAD).
 */
export async function findPeople(db: Db, { q, page, pageSize }: SearchPageQuery, { trashed = false } = {}) {
  const list = {
    where: trashed ? isNotNull(person.deletedAt) : isNull(person.deletedAt),
    order: trashed ? [sql`${person.deletedAt} desc`, ...newestFirst] : newestFirst,
    offset: (page - 1) * pageSize,
    pageSize,
  };
  if (q) return trashed ? searchTrash(db, list, q) : search(db, list, q);
  const [rows, [counted]] = await Promise.all([onePage(db, list), countAll(db, list.where, { trashed })]);
  return { rows, total: counted?.n ?? 0, totalCapped: false };
}

interface ListQuery {
  where: SQL | undefined;
  order: SQL[];
  offset: number;
  pageSize: number;
}

/**
 * How many live people the planner expects to match `q`, from its sample of the search text: it
 * plans the query without running it (about 0.5 ms), and search() takes its way by the answer.
 */
async function expectedMatches(db: Db, q: string) {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${personLiveSearch} where ${holding(personLiveSearch.searchText, q)}`,
  );
  const cell = row?.['QUERY PLAN'];
  const [plan] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }];
  return plan.Plan['Plan Rows'];
}

/** `searchText` holds `q`: lower-cased by the database on both sides, so every script folds the same way. */
const holding = (searchText: SQLWrapper, q: string) => sql`${searchText} like lower(${containing(q)})`;

/**
 * Below this many expected matches a search collects up to COLLECTED_WHEN_RARE of them. The
 * planner's guesses come in steps of about 1,000 at a million records (each of its 1,000 samples
 * of the search text stands for that many people), and under 2,000 covers a FIN's or passport's
 * 4–5 digit slice, which 100–900 people hold.
 */
const RARE_MATCHES = 2_000;
const COLLECTED_WHEN_RARE = 2_000;
/**
 * From this many, a search is taken newest first (newestMatchIds) instead: the trigram index builds
 * its whole candidate set before the first row, 18 ms for 30,000 candidates but 135–170 ms for a
 * substring in every record (bench/README.md).
 */
const MANY_MATCHES = 10_000;

/**
 * How a search finds its page depends on how many people the planner expects to match (the ways
 * were chosen by timing each on the bench's search mix, bench/README.md):
 * - rare (under RARE_MATCHES): up to 2,000 matches from the trigram index, in whatever order it
 *   finds them, sorted by the database. Such a substring ("f29666", a FIN's digits) often still
 *   matches a few hundred people scattered through the years: 40–90 ms to reach newest first,
 *   2–7 ms to collect from person_live_search;
 * - under MANY_MATCHES: up to 101 past the page from the trigram index, which also counts them;
 * - more: newest first through newestMatchIds, which also reaches matches that are all old.
 * When the trigram index gives as many as were collected, there are more, and only the page is
 * still to find: through newestMatchIds too (walking the whole newest-first index for it took
 * 300–800 ms for a substring whose matches are all old, "017-09"). The total counts
 * SEARCH_COUNT_AHEAD past the page at most.
 */
async function search(db: Db, list: ListQuery, q: string) {
  const cap = list.offset + SEARCH_COUNT_AHEAD;
  const pageEnd = list.offset + list.pageSize;
  const expected = await expectedMatches(db, q);
  const page = pager(db, list, cap);
  if (expected >= MANY_MATCHES) return page(await newestMatchIds(db, q, cap + 1));
  const collected = expected < RARE_MATCHES ? Math.max(COLLECTED_WHEN_RARE, cap + 1) : cap + 1;
  const sorted = await collectLiveMatches(db, q, collected);
  if (sorted.length < collected) return page(sorted);
  return page(await newestMatchIds(db, q, pageEnd), collected);
}

/**
 * A search of the trash, which is small: up to 2,000 of its matches, tested one by one on its own
 * index, and sorted; past that, the page by walking it.
 */
async function searchTrash(db: Db, trash: ListQuery, q: string) {
  const list = { ...trash, where: and(trash.where, holding(person.searchText, q)) };
  const cap = list.offset + SEARCH_COUNT_AHEAD;
  const collected = Math.max(COLLECTED_WHEN_RARE, cap + 1);
  const matches = db
    .select({ id: person.id, createdAt: person.createdAt, deletedAt: person.deletedAt })
    .from(person)
    .where(list.where)
    .limit(collected)
    .as('matches');
  const sorted = await db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(desc(matches.deletedAt), ...newestFirstBy(matches.createdAt, matches.id));
  if (sorted.length < collected) return pager(db, list, cap)(sorted.map((match) => match.id));
  return { rows: await onePage(db, list), total: cap, totalCapped: true };
}

/** The page out of the newest matches `ids`, and the total of `matched` (all of them, or more). */
const pager =
  (db: Db, list: ListQuery, cap: number) =>
  async (ids: string[], matched = ids.length) => ({
    rows: await peopleByIds(db, ids.slice(list.offset, list.offset + list.pageSize)),
    total: Math.min(matched, cap),
    totalCapped: matched > cap,
  });

/** The people of `ids`, in that order (prepared: a search's last statement, run for every page). */
async function peopleByIds(db: Db, ids: string[]) {
  const rows = await preparedFor(db).peopleByIds.execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const preparedFor = memoizedFor((db: Db) => ({
  peopleByIds: db
    .select()
    .from(person)
    .where(sql`${person.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('people_by_ids'),
}));

/** Up to `limit` live people matching `q`, from the trigram index, newest first (ids). */
async function collectLiveMatches(db: Db, q: string, limit: number) {
  const matches = db
    .select({ id: personLiveSearch.id, createdAt: personLiveSearch.createdAt })
    .from(personLiveSearch)
    .where(holding(personLiveSearch.searchText, q))
    .limit(limit)
    .as('matches');
  const sorted = await db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(...newestFirstBy(matches.createdAt, matches.id));
  return sorted.map((match) => match.id);
}

/**
 * One page, newest first. The page's ids come first, then their rows: picking the ids needs only
 * what person_live_newest_idx carries, so a search walks that index alone instead of visiting
 * every row it passes.
 */
function onePage(db: Db, { where, order, offset, pageSize }: ListQuery) {
  const pageIds = db
    .select({ id: person.id })
    .from(person)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(offset)
    .as('page_ids');
  return db
    .select(getTableColumns(person))
    .from(person)
    .innerJoin(pageIds, eq(person.id, pageIds.id))
    .orderBy(...order);
}

/** The total of an unfiltered list: kept by triggers for the live list, counted for the trash. */
const countAll = (db: Db, where: SQL | undefined, { trashed }: { trashed: boolean }) =>
  trashed ? db.select({ n: count() }).from(person).where(where) : countLivePeople(db);

/** How many live people there are, from the row the triggers keep (no scan of the table). */
export const countLivePeople = (db: Db) => db.select({ n: personLiveCount.n }).from(personLiveCount);

/** A live person by id, or null (unknown, malformed or in the trash). */
export async function findPerson(db: Db, id: string) {
  if (!isPersonId(id)) return null;
  const [row] = await db
    .select()
    .from(person)
    .where(and(eq(person.id, id), isNull(person.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The documents of live people, newest first, for "All Images". */
export async function findImageSets(db: Db, { page, pageSize }: PageQuery) {
  const live = isNull(person.deletedAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: person.id,
        name: person.name,
        finNumber: person.finNumber,
        eCertNumber: person.eCertNumber,
        createdAt: person.createdAt,
        signatureImage: person.signatureImage,
        passportImage: person.passportImage,
        certificateImage: person.certificateImage,
        pdf: person.pdf,
      })
      .from(person)
      .where(live)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    countLivePeople(db),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const personNotFound = () => notFound('Person not found.');
