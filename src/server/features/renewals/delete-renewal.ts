import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type Actor, recordAudit } from '../../db/record-audit.ts';
import { renewal } from '../../db/schema/index.ts';

/** Moves a live renewal to the trash (soft delete) with its audit event; false when none. */
export async function deleteRenewal(db: Db, id: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(renewal)
      .set({ deletedAt: sql`now()`, updatedBy: actor.id })
      .where(and(eq(renewal.id, id), isNull(renewal.deletedAt)))
      .returning({ id: renewal.id });
    if (!row) return false;
    await recordAudit(tx, { actor, entityType: 'renewal', entityId: id, action: 'delete' });
    return true;
  });
}
