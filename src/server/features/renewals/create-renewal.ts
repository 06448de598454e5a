import { type RecordFields, recordFieldNames } from '#shared/api/people.ts';
import type { Db } from '../../db/database.ts';
import { type Actor, diffChanges, recordAudit } from '../../db/record-audit.ts';
import { renewal } from '../../db/schema/index.ts';

/** Inserts a renewal and its audit event in one transaction; returns the new id. */
export async function createRenewal(db: Db, fields: RecordFields, actor: Actor): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(renewal)
      .values({ ...fields, createdBy: actor.id, updatedBy: actor.id })
      .returning({ id: renewal.id });
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, {
      actor,
      entityType: 'renewal',
      entityId: row.id,
      action: 'create',
      changes: diffChanges<RecordFields>({}, fields, recordFieldNames),
    });
    return row.id;
  });
}
