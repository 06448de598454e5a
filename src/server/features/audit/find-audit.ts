import { and, count, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { type AuditQuery, SYSTEM_ACTOR } from '#shared/api/audit.ts';
import type { Db } from '../../db/database.ts';
import { auditEvent } from '../../db/schema/index.ts';

/**
 * A column of the event being listed. Drizzle writes a one-table select's columns bare, so a
 * subquery in the selection names the outer row's columns in full.
 */
const event = (column: string) => sql.raw(`"audit_event"."${column}"`);

/** The record's name now; else the name its events recorded (a created record's, a deleted one's). */
const entityName = sql<string | null>`coalesce(
  case ${event('entity_type')}
    when 'person' then (select p.name from person p where p.id = ${event('entity_id')}::uuid)
    when 'renewal' then (select r.name from renewal r where r.id = ${event('entity_id')}::uuid)
    when 'user' then (select u.name from "user" u where u.id = ${event('entity_id')})
    when 'import' then (select j.file_name from import_job j where j.id = ${event('entity_id')}::uuid)
    when 'apiKey' then (select k.name from api_key k where k.id = ${event('entity_id')}::uuid)
  end,
  ${event('changes')} -> 'name' ->> 1, ${event('changes')} -> 'name' ->> 0)`;

const actorName = sql<string | null>`(select u.name from "user" u where u.id = ${event('actor_id')})`;

/** An import's or bulk action's records, counted on audit_event_batch_idx. */
const batchSize = sql<number>`case when ${event('entity_type')} in ('import', 'bulk')
  then (select count(*)::int from audit_event m where m.batch_id = ${event('entity_id')}) else 0 end`;

/**
 * Which events a query lists: a batch's records, one record's events, or else the trail's lines
 * (no record of a batch), narrowed by who, what and when.
 */
function auditWhere(query: AuditQuery): SQL | undefined {
  const scope = query.batch
    ? eq(auditEvent.batchId, query.batch)
    : query.entityId
      ? eq(auditEvent.entityId, query.entityId)
      : isNull(auditEvent.batchId);
  const actor =
    query.actor === SYSTEM_ACTOR ? isNull(auditEvent.actorId) : eq(auditEvent.actorId, query.actor ?? '');
  return and(
    scope,
    query.entityType ? eq(auditEvent.entityType, query.entityType) : undefined,
    query.action ? eq(auditEvent.action, query.action) : undefined,
    query.actor ? actor : undefined,
    query.from ? sql`${auditEvent.at} >= ${new Date(query.from)}` : undefined,
    query.to ? sql`${auditEvent.at} < ${new Date(query.to)}` : undefined,
  );
}

/**
 * One page of the trail, with the names of who and what. Lines come newest first, spelled like
 * audit_event_line_idx; a batch's records in the order they were written (audit_event_batch_idx).
 */
export async function findAudit(db: Db, query: AuditQuery) {
  const where = auditWhere(query);
  const order = query.batch
    ? [sql`${auditEvent.at} asc`, sql`${auditEvent.id} asc`]
    : [sql`${auditEvent.at} desc nulls last`, sql`${auditEvent.id} desc nulls last`];
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(auditEvent), actorName, entityName, batchSize })
      .from(auditEvent)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditEvent).where(where),
  ]);
  const items = rows.map(({ batchId: _batchId, ...row }) => ({ ...row, at: row.at.toISOString() }));
  return { items, total: total?.n ?? 0 };
}
