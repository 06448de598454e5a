import { and, isNull, type SQL, sql } from 'drizzle-orm';
import { defaultSort, type PeopleQuery } from '#shared/api/people.ts';
import { type Db, queryRows } from '../../db/database.ts';
import { person, personLiveCount } from '../../db/schema/index.ts';
import { listOrder } from './list-order.ts';
import { type Found, onePage, peopleByIds } from './list-page.ts';

/** A filtered list counts this many at most; past that the page says "more than", to refine. */
const LIST_COUNT_CAP = 10_000;
/** Reading a match's row to sort it costs about what passing this many index entries does. */
const ROW_READ_ENTRIES = 10;

/**
 * A page of the live people `filters` match, counted up to LIST_COUNT_CAP, in one statement that
 * reads the matches (on whichever index finds them) and, when reading and sorting them is the
 * cheaper way, gives the page too. Walking the sort's index passes about
 * (offset + page size) × live ÷ matches entries before the page ends: for a handful of a million,
 * or a late page of a few thousand, that is most of the index. Otherwise (many match, an early
 * page) a second statement walks the index, meeting matches soon (onePage). Revoked and
 * "missing images" people have indexes of their own, newest first: in that order the walk passes
 * only them, so it beats reading their rows at any page.
 */
export async function findFiltered(db: Db, query: PeopleQuery, filters: SQL, offset: number): Promise<Found> {
  const where = and(isNull(person.deletedAt), filters);
  const order = listOrder(query);
  const walksOwnIndex =
    (query.sort ?? defaultSort(query)) === 'created' &&
    (query.status === 'revoked' || query.missing === 'images');
  const [first, ...rest] = await queryRows<{ n: number; read: boolean; id: string | null }>(
    db,
    sql`with matching as materialized (
        select ${person.id} as id from ${person} where ${where} limit ${LIST_COUNT_CAP + 1}
      ),
      counted as (select count(*)::int as n from matching),
      chosen as (
        select n, not ${walksOwnIndex} and n <= ${LIST_COUNT_CAP} and ${offset + query.pageSize}::float8
          * (select ${personLiveCount.n} from ${personLiveCount}) > ${ROW_READ_ENTRIES}::float8 * n * n as read
        from counted
      )
      select chosen.n, chosen.read, page.id from chosen
      left join lateral (
        select ${person.id} as id from matching join ${person} on ${person.id} = matching.id
        where chosen.read
        order by ${sql.join(order, sql`, `)} limit ${query.pageSize} offset ${offset}
      ) page on true`,
  );
  const n = first?.n ?? 0;
  const total = { total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP };
  if (first?.read) {
    const ids = [first, ...rest].flatMap((row) => (row?.id ? [row.id] : []));
    return { rows: await peopleByIds(db, ids), ...total };
  }
  return { rows: await onePage(db, { where, order, offset, pageSize: query.pageSize }), ...total };
}
