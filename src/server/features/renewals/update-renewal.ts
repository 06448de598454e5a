import { and, eq, isNull, sql } from 'drizzle-orm';
import { type RecordFields, type RecordFieldsPatch, recordFieldNames } from '#shared/api/people.ts';
import type { Db } from '../../db/database.ts';
import { type Actor, diffChanges, recordAudit } from '../../db/record-audit.ts';
import { renewal } from '../../db/schema/index.ts';
import { invalidInput } from '../../errors.ts';

/**
 * Changes the fields sent of a live renewal (the others keep their values) and audits what changed,
 * in one transaction. Returns false when there is no such live record. Saving identical values
 * changes nothing and records nothing.
 */
export async function updateRenewal(
  db: Db,
  id: string,
  fields: RecordFieldsPatch,
  actor: Actor,
): Promise<boolean> {
  if (Object.keys(fields).length === 0) throw invalidInput('Nothing to change: send at least one field.');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(renewal)
      .where(and(eq(renewal.id, id), isNull(renewal.deletedAt)))
      .for('update');
    if (!before) return false;
    const changes = diffChanges<RecordFields>(before, fields, recordFieldNames);
    if (Object.keys(changes).length === 0) return true;
    await tx
      .update(renewal)
      .set({ ...fields, updatedAt: sql`now()`, updatedBy: actor.id })
      .where(eq(renewal.id, id));
    await recordAudit(tx, { actor, entityType: 'renewal', entityId: id, action: 'update', changes });
    return true;
  });
}
