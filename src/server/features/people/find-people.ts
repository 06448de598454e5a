import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '#shared/api/page-data.ts';
import type { PageQuery } from '#shared/api/paging.ts';
import type { PeopleQuery } from '#shared/api/people.ts';
import { type Db, memoizedFor } from '../../db/database.ts';
import { person, personLiveCount } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { holding, newestFirst, SEARCH_COUNT_CAP, searchLivePeople } from './search-people.ts';

/**
 * Live people matching `q` case-insensitively in name, passport number, nationality, e-Cert number
 * or FIN, best first (searchLivePeople), the total counted up to SEARCH_COUNT_CAP with
 * `totalCapped` saying there are more. Without `q`, all live people newest first, counted exactly.
 */
export async function findPeople(db: Db, { q, page, pageSize, missing }: PeopleQuery) {
  const offset = (page - 1) * pageSize;
  if (missing === 'images') return findPeopleMissingImages(db, { q, offset, pageSize });
  if (q) {
    const found = await searchLivePeople(db, q, offset, pageSize);
    return { rows: await peopleByIds(db, found.ids), total: found.total, totalCapped: found.totalCapped };
  }
  const [rows, [counted]] = await Promise.all([
    onePage(db, { where: isNull(person.deletedAt), order: newestFirst, offset, pageSize }),
    countLivePeople(db),
  ]);
  return { rows, total: counted?.n ?? 0, totalCapped: false };
}

/** Live people lacking a passport, certificate or signature image (on their own partial index). */
export const lacksAnImage = sql`${person.deletedAt} is null and (${person.passportImage} is null
  or ${person.certificateImage} is null or ${person.signatureImage} is null)`;

/** "Missing images", newest first, narrowed by `q` when given; counted up to the search's cap. */
async function findPeopleMissingImages(
  db: Db,
  { q, offset, pageSize }: { q: string; offset: number; pageSize: number },
) {
  const where = and(lacksAnImage, q ? holding(person.searchText, q) : undefined);
  const matching = db
    .select({ one: sql`1` })
    .from(person)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('matching');
  const [rows, [counted]] = await Promise.all([
    onePage(db, { where, order: newestFirst, offset, pageSize }),
    db.select({ n: sql<number>`count(*)::int` }).from(matching),
  ]);
  const n = counted?.n ?? 0;
  return { rows, total: Math.min(n, SEARCH_COUNT_CAP), totalCapped: n > SEARCH_COUNT_CAP };
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
