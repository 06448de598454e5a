import { and, isNull, type SQL, sql } from 'drizzle-orm';
import { defaultSort, type PeopleQuery } from '#shared/api/people.ts';
import { type Db, queryRows } from '../../db/database.ts';
import { person, personLiveCount } from '../../db/schema/index.ts';
import { listOrder, sortColumn } from './list-order.ts';
import { type Found, onePage, type PageRange, peopleByIds } from './list-page.ts';

/** A filtered list counts this many at most; past that the page says "more than", to refine. */
const LIST_COUNT_CAP = 10_000;
/** Reading a match's row to sort it costs about what passing this many index entries does. */
const ROW_READ_ENTRIES = 10;

/**
 * A page of the live people `filters` match, counted up to LIST_COUNT_CAP, in one statement that
 * reads the matches (on whichever index finds them) and, when reading and sorting them is the
 * cheaper way, gives the page too. Otherwise (many match) a second statement walks the sort's
 * index, meeting matches soon (onePage).
 *
 * In the created or passed order, the matches carry their sort column from the index that found
 * them (every filter's index holds both), and are sorted under the table's name with no row read:
 * having counted them, sorting them is always the cheaper way. In the name or serial order their
 * rows are read to sort them, which pays only when walking the index would pass more:
 * about (offset + page size) × live ÷ matches entries, most of the index for a handful of a
 * million or a late page of a few thousand. `walkBound`, a condition all matches meet, lets that
 * walk seek past entries that cannot match (addedBound).
 */
export async function findFiltered(
  db: Db,
  query: PeopleQuery,
  filters: SQL,
  { offset, limit, seek }: PageRange,
  walkBound?: SQL,
): Promise<Found> {
  const where = and(isNull(person.deletedAt), filters);
  const order = listOrder(query);
  const sort = query.sort ?? defaultSort(query);
  const carried = sort === 'created' || sort === 'passed';
  const [first, ...rest] = await queryRows<{ n: number; read: boolean; id: string | null }>(
    db,
    sql`with matching as materialized (
        select ${person.id}${carried ? sql`, ${sortColumn(query)}` : sql``}
        from ${person} where ${where} limit ${LIST_COUNT_CAP + 1}
      ),
      counted as (select count(*)::int as n from matching),
      chosen as (
        select n, n <= ${LIST_COUNT_CAP} and (${carried} or ${offset + limit}::float8
          * (select ${personLiveCount.n} from ${personLiveCount}) > ${ROW_READ_ENTRIES}::float8 * n * n) as read
        from counted
      )
      select chosen.n, chosen.read, page.id from chosen
      left join lateral (
        select ${person.id} as id
        from ${carried ? sql`matching as ${person}` : sql`matching join ${person} on ${person.id} = matching.id`}
        where chosen.read${seek ? sql` and ${seek}` : sql``}
        order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}
      ) page on true`,
  );
  const n = first?.n ?? 0;
  const total = { total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP };
  if (first?.read) {
    const ids = [first, ...rest].flatMap((row) => (row?.id ? [row.id] : []));
    return { rows: await peopleByIds(db, ids), ...total };
  }
  const walked = and(where, walkBound, seek);
  return { rows: await onePage(db, { where: walked, order, offset, pageSize: limit }), ...total };
}
