import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PageQuery } from '#shared/api/paging.ts';
import { defaultSort, type PeopleMatching, type PeopleQuery } from '#shared/api/people.ts';
import { isRecordId } from '#shared/rules/record-id.ts';
import { type Db, queryRows } from '../../db/database.ts';
import { person } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { findFiltered } from './find-filtered.ts';
import { listSort, type Paging, readPaging } from './list-cursor.ts';
import { addedBound, type ListContext, listFilters, listOrder } from './list-order.ts';
import { countLivePeople, type Found, onePage, type PageRange, peopleByIds } from './list-page.ts';
import { holding, newestFirst, SEARCH_COUNT_CAP, searchLivePeople } from './search-people.ts';

/** A page of the staff list, read one row further to know whether a page follows. */
export type FoundPage = Found & { more: boolean; paging: Paging };

/**
 * Live people for the staff list. With `q`, those matching it case-insensitively in name, passport
 * number, nationality, e-Cert number or FIN (searchLivePeople), best first or by the sort; without,
 * all live people newest first or by the sort. Filters narrow either (list-order.ts). The page
 * starts where `paging` says: a page number among the first, or a cursor or jump, from which the
 * page is read by seeking the sort's index (list-cursor.ts).
 */
export async function findPeople(db: Db, query: PeopleQuery, context: ListContext): Promise<FoundPage> {
  const paging = readPaging(query);
  const found = await readPage(db, paging.backward ? reversed(query) : query, context, paging);
  const more = found.rows.length > query.pageSize;
  const rows = found.rows.slice(0, query.pageSize);
  if (!paging.backward) return { ...found, rows, more, paging };
  // Fewer than a page lie before the cursor: the first page, as Previous from near the start shows.
  if (rows.length < query.pageSize) return findPeople(db, { ...query, before: undefined }, context);
  return { ...found, rows: rows.reverse(), more, paging };
}

/** The page `paging` names and one row more, in the order of `query`. */
function readPage(db: Db, query: PeopleQuery, context: ListContext, paging: Paging): Promise<Found> {
  const filters = listFilters(query, context);
  const bound = addedBound(query, context);
  const page = { offset: paging.offset, limit: query.pageSize + 1, seek: paging.seek };
  if (query.q) return findSearched(db, query, and(filters, bound), page);
  if (!filters) return findAll(db, query, page);
  const walkBound = (query.sort ?? defaultSort(query)) === 'created' ? bound : undefined;
  return findFiltered(db, query, filters, page, walkBound);
}

/**
 * The live people a list's search and filters match, as one condition: those whose pages and count
 * findPeople gives (a search's identifier prefixes are held in the search text too).
 */
export const matchingPeople = (query: PeopleMatching, context: ListContext) =>
  and(
    isNull(person.deletedAt),
    listFilters(query, context),
    query.q ? holding(person.searchText, query.q) : undefined,
  ) as SQL;

/** Every live person, counted exactly (from the row the triggers keep). */
async function findAll(db: Db, query: PeopleQuery, { offset, limit, seek }: PageRange): Promise<Found> {
  const [counted] = await countLivePeople(db);
  const rows = await onePage(db, {
    where: and(isNull(person.deletedAt), seek),
    order: listOrder(query),
    offset,
    pageSize: limit,
  });
  return { rows, total: counted?.n ?? 0, totalCapped: false };
}

const reversed = (query: PeopleQuery): PeopleQuery => {
  const { sort, direction } = listSort(query);
  return { ...query, sort, direction: direction === 'asc' ? 'desc' : 'asc' };
};

/**
 * A search's page: the search's own, narrowed by the filters; with a sort, its best matches (all of
 * them up to SEARCH_COUNT_CAP) in the sort's order, from the cursor on.
 */
async function findSearched(
  db: Db,
  query: PeopleQuery,
  filters: SQL | undefined,
  { offset, limit, seek }: PageRange,
): Promise<Found> {
  if (!query.sort) {
    const found = await searchLivePeople(db, query.q, offset, limit, filters);
    return { rows: await peopleByIds(db, found.ids), total: found.total, totalCapped: found.totalCapped };
  }
  const best = await searchLivePeople(db, query.q, 0, SEARCH_COUNT_CAP, filters);
  const ordered = await queryRows<{ id: string }>(
    db,
    sql`select ${person.id} as id
      from unnest(${`{${best.ids.join(',')}}`}::uuid[]) as best(id)
      join ${person} on ${person.id} = best.id
      ${seek ? sql`where ${seek}` : sql``}
      order by ${sql.join(listOrder(query), sql`, `)}
      limit ${limit} offset ${offset}`,
  );
  const ids = ordered.map((row) => row.id);
  return { rows: await peopleByIds(db, ids), total: best.total, totalCapped: best.totalCapped };
}

/** A live person by id, or null (unknown, malformed or in the trash). */
export async function findPerson(db: Db, id: string) {
  if (!isRecordId(id)) return null;
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
