import { and, eq, isNotNull } from 'drizzle-orm';
import { isRecordId } from '#shared/rules/record-id.ts';
import type { Db } from '../../db/database.ts';
import { type Actor, recordAudit } from '../../db/record-audit.ts';
import { renewal } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

const notInTrash = () => notFound('This record is not in the trash.');

/**
 * Brings a renewal back from the trash with its audit event. Renewals have no unique pair, so
 * unlike a person a renewal can always come back.
 */
export async function restoreRenewal(db: Db, id: string, actor: Actor): Promise<void> {
  if (!isRecordId(id)) throw notInTrash();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ deletedAt: renewal.deletedAt })
      .from(renewal)
      .where(and(eq(renewal.id, id.toLowerCase()), isNotNull(renewal.deletedAt)))
      .for('update');
    if (!before) throw notInTrash();
    await tx
      .update(renewal)
      .set({ deletedAt: null, updatedBy: actor.id })
      .where(eq(renewal.id, id.toLowerCase()));
    await recordAudit(tx, {
      actor,
      entityType: 'renewal',
      entityId: id.toLowerCase(),
      action: 'restore',
      changes: { deletedAt: [before.deletedAt?.toISOString() ?? null, null] },
    });
  });
}
