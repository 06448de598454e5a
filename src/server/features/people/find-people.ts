import { and, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PageQuery, SearchPageQuery } from '#shared/api/paging.ts';
import type { Db } from '../../db/database.ts';
import { person, personLiveCount, personSearchText } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names no record: it answers 404 like an unknown one, never a database error. */
export const isPersonId = (id: string) => UUID.test(id);

/** `q` as a literal substring: `%`, `_` and `\` typed in the search box match themselves. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

// Spelled like person_created_at_idx (desc nulls last) so the planner can walk the index.
const newestFirst = [sql`${person.createdAt} desc nulls last`, sql`${person.id} desc nulls last`];

/**
 * A search counts at most this many matches. Counting costs a visit to every matching row: at a
 * million records a three-letter substring such as "ang" or "bec" matches 10–100% of them and an
 * exact count took 0.2–5 s (bench/README.md), while the newest 20 come back in 3 ms. Past the cap
 * the total says "more than 1,000", like most search pages.
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * Live people (or, with `trashed`, those in the trash) matching `q` case-insensitively in name,
 * passport number, nationality, e-Cert number or FIN, newest first. The filter is written over
 * exactly the expression the trigram index covers, so the index serves it. Without `q` the total
 * is exact; with it, `totalCapped` says there are more than `total` (see SEARCH_COUNT_CAP).
 */
export async function findPeople(db: Db, { q, page, pageSize }: SearchPageQuery, { trashed = false } = {}) {
  const filters: SQL[] = [trashed ? isNotNull(person.deletedAt) : isNull(person.deletedAt)];
  if (q) filters.push(sql`${personSearchText} ilike ${containing(q)}`);
  const where = and(...filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(person)
      .where(where)
      .orderBy(...(trashed ? [sql`${person.deletedAt} desc`, ...newestFirst] : newestFirst))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    countMatches(db, where, { searching: q !== '', trashed }),
  ]);
  const n = counted?.n ?? 0;
  const totalCapped = q !== '' && n > SEARCH_COUNT_CAP;
  return { rows, total: totalCapped ? SEARCH_COUNT_CAP : n, totalCapped };
}

/** The total beside a page: capped for a search, kept by triggers for the live list, else counted. */
function countMatches(
  db: Db,
  where: SQL | undefined,
  { searching, trashed }: { searching: boolean; trashed: boolean },
) {
  if (searching) return countUpToCap(db, where);
  if (trashed) return db.select({ n: count() }).from(person).where(where);
  return countLivePeople(db);
}

/** Matching rows, counted no further than one past SEARCH_COUNT_CAP. */
const countUpToCap = (db: Db, where: SQL | undefined) =>
  db.select({ n: count() }).from(
    db
      .select({ one: sql`1` })
      .from(person)
      .where(where)
      .limit(SEARCH_COUNT_CAP + 1)
      .as('matches'),
  );

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
