import type { Db } from './database.ts';
import { type AuditAction, type AuditEntity, auditEvent } from './schema/index.ts';

export interface Actor {
  id: string;
  email: string;
}

/** A transaction or the database: audit events are written with the change they describe. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export async function recordAudit(
  tx: Tx,
  event: {
    actor: Actor | null;
    entityType: AuditEntity;
    entityId: string;
    action: AuditAction;
    changes?: Record<string, [unknown, unknown]>;
  },
) {
  await tx.insert(auditEvent).values({
    actorId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? null,
    entityType: event.entityType,
    entityId: event.entityId,
    action: event.action,
    changes: event.changes ?? {},
  });
}

type Changes = Record<string, [unknown, unknown]>;

/**
 * One bulk action on many records: an event for the action (entity `bulk`, id `id`, `summary` as
 * its changes) and one for each record, in its batch, so the trail shows the action as one line
 * that opens to its records.
 */
export async function recordBatchAudit(
  tx: Tx,
  batch: {
    actor: Actor;
    id: string;
    action: AuditAction;
    summary: Changes;
    events: { entityType: AuditEntity; entityId: string; changes: Changes }[];
  },
) {
  const actor = { actorId: batch.actor.id, actorEmail: batch.actor.email };
  const rows = [
    {
      ...actor,
      entityType: 'bulk' as const,
      entityId: batch.id,
      action: batch.action,
      changes: batch.summary,
    },
    ...batch.events.map((event) => ({ ...actor, ...event, action: batch.action, batchId: batch.id })),
  ];
  for (let start = 0; start < rows.length; start += EVENTS_PER_INSERT) {
    await tx.insert(auditEvent).values(rows.slice(start, start + EVENTS_PER_INSERT));
  }
}

/** A statement takes at most 65,535 parameters; an event has seven. */
const EVENTS_PER_INSERT = 5_000;

/** Field → [before, after] for the fields whose value changed (compared as JSON). */
export function diffChanges<T extends Record<string, unknown>>(
  before: Partial<T>,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const a = before[field] ?? null;
    const b = after[field] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = [a, b];
  }
  return changes;
}
