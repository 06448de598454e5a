import { randomUUID } from 'node:crypto';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type Actor, recordBatchAudit, type Tx } from '../../db/record-audit.ts';
import { person } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';

const chosenRecords = (n: number, all: number) =>
  `${n} of the ${all} chosen records ${n === 1 ? 'is' : 'are'}`;

const gone = (n: number, all: number) =>
  notFound(`${chosenRecords(n, all)} no longer in the list. Nothing was changed.`);

/**
 * Refuses a revocation (its transaction rolls back) when some chosen records were not revoked:
 * 404 when some are gone from the list (trashed, or never there), else 409: revoked already.
 */
async function refuseRevocation(tx: Tx, ids: string[], revoked: number): Promise<never> {
  const [live] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(person)
    .where(and(inArray(person.id, ids), isNull(person.deletedAt)));
  const missing = ids.length - (live?.n ?? 0);
  if (missing > 0) throw gone(missing, ids.length);
  throw conflict(`${chosenRecords(ids.length - revoked, ids.length)} revoked already. Nothing was changed.`);
}

/**
 * Moves the chosen live people to the trash: all of them, or (one is gone) none. Each gets its own
 * audit event, under one event for the action.
 */
export async function trashPeople(db: Db, chosen: string[], actor: Actor): Promise<number> {
  const ids = [...new Set(chosen)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(person)
      .set({ deletedAt: sql`now()` })
      .where(and(inArray(person.id, ids), isNull(person.deletedAt)))
      .returning({ id: person.id, deletedAt: person.deletedAt });
    if (rows.length < ids.length) throw gone(ids.length - rows.length, ids.length);
    await recordBatchAudit(tx, {
      actor,
      id: randomUUID(),
      action: 'delete',
      summary: { records: [null, rows.length] },
      events: rows.map((row) => ({
        entityType: 'person',
        entityId: row.id,
        changes: { deletedAt: [null, row.deletedAt?.toISOString() ?? null] },
      })),
    });
    return rows.length;
  });
}

/**
 * Revokes the chosen live people with one reason: all of them, or (one is gone or revoked
 * already) none. Each gets its own audit event, under one event for the action.
 */
export async function revokePeople(db: Db, chosen: string[], reason: string, actor: Actor): Promise<number> {
  const ids = [...new Set(chosen)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(person)
      .set({ revokedAt: sql`now()`, revocationReason: reason, updatedAt: sql`now()`, updatedBy: actor.id })
      .where(and(inArray(person.id, ids), isNull(person.deletedAt), isNull(person.revokedAt)))
      .returning({ id: person.id, revokedAt: person.revokedAt });
    if (rows.length < ids.length) return refuseRevocation(tx, ids, rows.length);
    await auditRevocations(tx, actor, rows, reason);
    return rows.length;
  });
}

/** One audit line for a bulk revocation and an event for each record it revoked. */
export async function auditRevocations(
  tx: Tx,
  actor: Actor,
  rows: { id: string; revokedAt: Date | null }[],
  reason: string,
  summary: Record<string, [null, unknown]> = {},
) {
  await recordBatchAudit(tx, {
    actor,
    id: randomUUID(),
    action: 'revoke',
    summary: { records: [null, rows.length], revocationReason: [null, reason], ...summary },
    events: rows.map((row) => ({
      entityType: 'person',
      entityId: row.id,
      changes: {
        revokedAt: [null, row.revokedAt?.toISOString() ?? null],
        revocationReason: [null, reason],
      },
    })),
  });
}
