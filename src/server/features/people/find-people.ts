import { and, count, eq, getTableColumns, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PageQuery, SearchPageQuery } from '#shared/api/paging.ts';
import type { Db } from '../../db/database.ts';
import { person, personLiveCount } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no record: it answers 404 like an unknown one, never a database error. */
export const isPersonId = (id: string) => UUID.test(id);

/** `q` as a literal substring: `%`, `_` and `\` typed in the search box match themselves. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

// Spelled like person_live_newest_idx (desc nulls last) so the planner can walk the index.
const newestFirst = [sql`${person.createdAt} desc nulls last`, sql`${person.id} desc nulls last`];

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
  const filters: SQL[] = [trashed ? isNotNull(person.deletedAt) : isNull(person.deletedAt)];
  // Lower-cased by the database on both sides, so every script folds the same way.
  if (q) filters.push(sql`${person.searchText} like lower(${containing(q)})`);
  const list = {
    where: and(...filters),
    order: trashed ? [sql`${person.deletedAt} desc`, ...newestFirst] : newestFirst,
    offset: (page - 1) * pageSize,
    pageSize,
  };
  if (q) return search(db, list);
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
 * A search finds its first matches in whatever order is cheapest, which also counts them. When
 * they are few, the page is sorted from those alone: the planner cannot tell a rare substring
 * ("249e", 77 people in a million) from a common one, and walking newest first for it passed
 * 260,000 people (136 ms) where the trigram index found all 77 in 1 ms.
 */
async function search(db: Db, list: ListQuery) {
  const cap = list.offset + SEARCH_COUNT_AHEAD;
  const found = await db
    .select({ id: person.id })
    .from(person)
    .where(list.where)
    .limit(cap + 1);
  if (found.length > cap) return { rows: await onePage(db, list), total: cap, totalCapped: true };
  const ids = found.map((match) => match.id);
  const rows = await db
    .select()
    .from(person)
    .where(sql`${person.id} = any(${sql.param(ids)}::uuid[])`)
    .orderBy(...list.order)
    .limit(list.pageSize)
    .offset(list.offset);
  return { rows, total: found.length, totalCapped: false };
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
const countLivePeople = (db: Db) => db.select({ n: personLiveCount.n }).from(personLiveCount);

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
