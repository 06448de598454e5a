import { and, isNull, type SQL, sql } from 'drizzle-orm';
import type { PeopleQuery } from '#shared/api/people.ts';
import type { Db } from '../../db/database.ts';
import { person } from '../../db/schema/index.ts';
import { listOrder } from './list-order.ts';
import { type Found, onePage, pageOfFew } from './list-page.ts';

/** A filtered list counts this many at most; past that the page says "more than", to refine. */
const LIST_COUNT_CAP = 10_000;

/**
 * A page of the live people `filters` match, counted up to LIST_COUNT_CAP. Counted first, since
 * the count says how to read the page. Up to the cap, the matches are read on whichever index
 * finds them and sorted (pageOfFew): a bounded cost, where walking the sort's index could pass
 * most of a million entries first (a few hundred matches, or matches all at one end of the order,
 * as recent passed dates are in order of serial). Past the cap, matches are common enough that
 * the walk meets them soon.
 */
export async function findFiltered(db: Db, query: PeopleQuery, filters: SQL, offset: number): Promise<Found> {
  const where = and(isNull(person.deletedAt), filters);
  const matching = db
    .select({ one: sql`1` })
    .from(person)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('matching');
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const n = counted?.n ?? 0;
  const capped = n > LIST_COUNT_CAP;
  const page = { where, order: listOrder(query), offset, pageSize: query.pageSize };
  const rows = capped ? await onePage(db, page) : await pageOfFew(db, page);
  return { rows, total: Math.min(n, LIST_COUNT_CAP), totalCapped: capped };
}
