import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '#shared/api/page-data.ts';
import type { PageQuery } from '#shared/api/paging.ts';
import { defaultDirection, defaultSort, type PeopleQuery } from '#shared/api/people.ts';
import { type Db, memoizedFor, queryRows } from '../../db/database.ts';
import { person, personLiveCount } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type ListContext, listFilters, listOrder } from './list-order.ts';
import type { PersonRow } from './person-view.ts';
import { newestFirst, SEARCH_COUNT_CAP, searchLivePeople } from './search-people.ts';

/** A filtered list counts this many at most; past that the page says "more than", to refine. */
const LIST_COUNT_CAP = 10_000;

type Found = { rows: PersonRow[]; total: number; totalCapped: boolean };

/**
 * Live people for the staff list. With `q`, those matching it case-insensitively in name, passport
 * number, nationality, e-Cert number or FIN (searchLivePeople), best first or by the sort; without,
 * all live people newest first or by the sort. Filters narrow either (list-order.ts).
 */
export async function findPeople(db: Db, query: PeopleQuery, context: ListContext): Promise<Found> {
  const offset = (query.page - 1) * query.pageSize;
  const filters = listFilters(query, context);
  if (query.q) return findSearched(db, query, filters, offset);
  if (!filters) return findAll(db, query, offset);
  const where = and(isNull(person.deletedAt), filters);
  const matching = db
    .select({ one: sql`1` })
    .from(person)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('matching');
  const [rows, [counted]] = await Promise.all([
    onePage(db, { where, order: listOrder(query), offset, pageSize: query.pageSize }),
    db.select({ n: sql<number>`count(*)::int` }).from(matching),
  ]);
  const n = counted?.n ?? 0;
  return { rows, total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP };
}

/** Live people lacking a passport, certificate or signature image (on their own partial index). */
const lacksAnImage = sql`${person.deletedAt} is null and ${person.lacksImage}`;

/**
 * Every live person, counted exactly. A page past the middle is read from the other end of its
 * index, so the last page costs what the first does.
 */
async function findAll(db: Db, query: PeopleQuery, offset: number): Promise<Found> {
  const [counted] = await countLivePeople(db);
  const total = counted?.n ?? 0;
  const live = isNull(person.deletedAt);
  if (offset <= total / 2) {
    const rows = await onePage(db, {
      where: live,
      order: listOrder(query),
      offset,
      pageSize: query.pageSize,
    });
    return { rows, total, totalCapped: false };
  }
  const end = Math.min(total, offset + query.pageSize);
  const fromEnd = await onePage(db, {
    where: live,
    order: listOrder(reversed(query)),
    offset: total - end,
    pageSize: Math.max(0, end - offset),
  });
  return { rows: fromEnd.reverse(), total, totalCapped: false };
}

const reversed = (query: PeopleQuery): PeopleQuery => {
  const sort = query.sort ?? defaultSort(query);
  const direction = query.direction ?? defaultDirection[sort];
  return { ...query, sort, direction: direction === 'asc' ? 'desc' : 'asc' };
};

/**
 * A search's page. Unsorted and unfiltered, the search's own page; otherwise its best matches (all
 * of them up to SEARCH_COUNT_CAP), narrowed by the filters and put in the sort's order.
 */
async function findSearched(
  db: Db,
  query: PeopleQuery,
  filters: SQL | undefined,
  offset: number,
): Promise<Found> {
  if (!filters && !query.sort) {
    const found = await searchLivePeople(db, query.q, offset, query.pageSize);
    return { rows: await peopleByIds(db, found.ids), total: found.total, totalCapped: found.totalCapped };
  }
  const best = await searchLivePeople(db, query.q, 0, SEARCH_COUNT_CAP);
  const order = query.sort ? listOrder(query) : [sql`best.n`];
  const ordered = await queryRows<{ id: string }>(
    db,
    sql`select ${person.id} as id
      from unnest(${`{${best.ids.join(',')}}`}::uuid[]) with ordinality as best(id, n)
      join ${person} on ${person.id} = best.id
      where ${filters ?? sql`true`}
      order by ${sql.join(order, sql`, `)}`,
  );
  const ids = ordered.slice(offset, offset + query.pageSize).map((row) => row.id);
  return { rows: await peopleByIds(db, ids), total: ordered.length, totalCapped: best.totalCapped };
}

interface ListQuery {
  where: SQL | undefined;
  order: SQL[];
  offset: number;
  pageSize: number;
}

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

/**
 * One page in `order`. The page's ids come first, then their rows: picking the ids needs only what
 * the order's index carries (the filters' columns included), so the walk reads that index alone
 * instead of visiting every row it passes.
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

/** How many live people there are, from the row the triggers keep (no scan of the table). */
export const countLivePeople = (db: Db) => db.select({ n: personLiveCount.n }).from(personLiveCount);

/** A live person by id, or null (unknown, malformed or in the trash). */
export async function findPerson(db: Db, id: string) {
  if (!isUuid(id)) return null;
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
