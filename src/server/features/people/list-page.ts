import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type Db, memoizedFor } from '../../db/database.ts';
import { person, personLiveCount } from '../../db/schema/index.ts';
import type { PersonRow } from './person-view.ts';

/** A page of the staff list, the total counted (up to a cap, `totalCapped` past it). */
export type Found = { rows: PersonRow[]; total: number; totalCapped: boolean };

/** Which rows of a list a page reads: `limit` from `offset`, of those `seek` keeps (a cursor's). */
export interface PageRange {
  offset: number;
  limit: number;
  seek?: SQL;
}

export interface ListQuery {
  where: SQL | undefined;
  order: SQL[];
  offset: number;
  pageSize: number;
}

/** How many live people there are, from the row the triggers keep (no scan of the table). */
export const countLivePeople = (db: Db) => db.select({ n: personLiveCount.n }).from(personLiveCount);

/** The people of `ids`, in that order (prepared: a search's last statement, run for every page). */
export async function peopleByIds(db: Db, ids: string[]) {
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
 * One page in `order`, walking the order's index. The page's ids come first, then their rows:
 * picking the ids needs only what that index carries (the filters' columns included), so the walk
 * reads the index alone instead of visiting every row it passes.
 */
export function onePage(db: Db, { where, order, offset, pageSize }: ListQuery) {
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
