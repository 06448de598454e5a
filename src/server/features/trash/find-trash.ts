import { and, count, desc, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { TrashedRecord, TrashKind, TrashQuery } from '#shared/api/trash.ts';
import type { Db } from '../../db/database.ts';
import { auditEvent, person, renewal } from '../../db/schema/index.ts';

const tables = { people: person, renewals: renewal } as const;
const entityTypes = { people: 'person', renewals: 'renewal' } as const;

/** `q` as a literal substring: `%`, `_` and `\` in the search box match themselves. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * One page of trashed records of a kind, the most recently deleted first, matching `q`
 * case-insensitively in name, passport, nationality, e-Cert or FIN number. The trash is small,
 * so a plain ILIKE over the rows there is enough (person_trashed_idx gives the order).
 */
export async function findTrash(db: Db, { kind, q, page, pageSize }: TrashQuery) {
  const table = tables[kind];
  const filters: SQL[] = [isNotNull(table.deletedAt)];
  if (q) {
    const pattern = containing(q);
    const fields = [table.name, table.passportNumber, table.nationality, table.eCertNumber, table.finNumber];
    filters.push(
      sql`(${sql.join(
        fields.map((field) => sql`${field} ilike ${pattern}`),
        sql` or `,
      )})`,
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: table.id,
        name: table.name,
        finNumber: table.finNumber,
        eCertNumber: table.eCertNumber,
        passportNumber: table.passportNumber,
        nationality: table.nationality,
        tradeTested: table.tradeTested,
        deletedAt: table.deletedAt,
      })
      .from(table)
      .where(where)
      .orderBy(desc(table.deletedAt), desc(table.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(table).where(where),
  ]);
  const deleters = await findDeleters(
    db,
    kind,
    rows.map((row) => row.id),
  );
  const items: TrashedRecord[] = rows.map((row) => ({
    ...row,
    deletedAt: (row.deletedAt ?? new Date(0)).toISOString(),
    deletedBy: deleters.get(row.id) ?? null,
  }));
  return { items, total: total?.n ?? 0 };
}

/** Who last deleted each record, by id, as the audit trail recorded it. */
async function findDeleters(db: Db, kind: TrashKind, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const events = await db
    .selectDistinctOn([auditEvent.entityId], {
      entityId: auditEvent.entityId,
      actorEmail: auditEvent.actorEmail,
    })
    .from(auditEvent)
    .where(
      and(
        sql`${auditEvent.entityType} = ${entityTypes[kind]}`,
        inArray(auditEvent.entityId, ids),
        sql`${auditEvent.action} = 'delete'`,
      ),
    )
    .orderBy(auditEvent.entityId, desc(auditEvent.at));
  return new Map(events.flatMap((event) => (event.actorEmail ? [[event.entityId, event.actorEmail]] : [])));
}
