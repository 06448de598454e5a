import { and, count, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { SearchPageQuery } from '#shared/api/paging.ts';
import type { Db } from '../../db/database.ts';
import { person, renewal, renewalSearchText } from '../../db/schema/index.ts';

/**
 * `table.column`, spelled out. In the selection of a one-table select Drizzle writes a bare column
 * without its table, so inside this correlated subquery `fin_number = fin_number` would compare the
 * person with itself and link every renewal to the newest person.
 */
const qualified = (table: typeof person | typeof renewal, column: { name: string }) =>
  sql`${table}.${sql.identifier(column.name)}`;

/** The newest live person with the renewal's FIN: the record "View" opens. */
const livePersonId = sql<string | null>`(
  select ${qualified(person, person.id)} from ${person}
  where ${qualified(person, person.finNumber)} = ${qualified(renewal, renewal.finNumber)}
    and ${qualified(person, person.deletedAt)} is null
  order by ${qualified(person, person.createdAt)} desc, ${qualified(person, person.id)} desc
  limit 1
)`;

const columns = { ...getTableColumns(renewal), personId: livePersonId };

/** `q` as a literal substring: `%`, `_` and `\` in the search box match themselves. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** Renewals whose text holds `q`, case-insensitively (over the trigram-indexed text); all without `q`. */
export const renewalsMatching = (q: string): SQL | undefined =>
  q ? sql`${renewalSearchText} ilike ${containing(q)}` : undefined;

/** Live renewals matching `q`, newest first. */
export async function findRenewals(db: Db, { q, page, pageSize }: SearchPageQuery) {
  const where = and(isNull(renewal.deletedAt), renewalsMatching(q));
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(renewal)
      .where(where)
      // Spelled like renewal_created_at_idx so the planner can walk the index.
      .orderBy(sql`${renewal.createdAt} desc nulls last`, sql`${renewal.id} desc nulls last`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(renewal).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findRenewal(db: Db, id: string) {
  const [row] = await db
    .select(columns)
    .from(renewal)
    .where(and(eq(renewal.id, id), isNull(renewal.deletedAt)))
    .limit(1);
  return row ?? null;
}
