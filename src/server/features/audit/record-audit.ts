import type { Db } from '../../db/database.ts';
import { type AuditAction, type AuditEntity, auditEvent } from '../../db/schema/index.ts';

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
