import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { isRecordId } from '#shared/rules/record-id.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-error.ts';
import { type Actor, recordAudit } from '../../db/record-audit.ts';
import { person } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { personNotFound } from './find-people.ts';
import type { PersonRow } from './person-view.ts';

/** Moves a live person to the trash (soft delete); its files stay, so a restore is complete. */
export async function deletePerson(db: Db, id: string, actor: Actor): Promise<void> {
  if (!isRecordId(id)) throw personNotFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(person)
      .set({ deletedAt: new Date() })
      .where(and(eq(person.id, id), isNull(person.deletedAt)))
      .returning({ deletedAt: person.deletedAt });
    if (!row) throw personNotFound();
    await recordAudit(tx, {
      actor,
      entityType: 'person',
      entityId: id,
      action: 'delete',
      changes: { deletedAt: [null, row.deletedAt?.toISOString() ?? null] },
    });
  });
}

/** Brings a person back from the trash, unless a live record has taken its (FIN, e-Cert no.) since. */
export async function restorePerson(db: Db, id: string, actor: Actor): Promise<PersonRow> {
  if (!isRecordId(id)) throw notFound('This record is not in the trash.');
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ deletedAt: person.deletedAt })
        .from(person)
        .where(and(eq(person.id, id), isNotNull(person.deletedAt)))
        .for('update');
      if (!before) throw notFound('This record is not in the trash.');
      const [row] = await tx.update(person).set({ deletedAt: null }).where(eq(person.id, id)).returning();
      if (!row) throw notFound('This record is not in the trash.');
      await recordAudit(tx, {
        actor,
        entityType: 'person',
        entityId: id,
        action: 'restore',
        changes: { deletedAt: [before.deletedAt?.toISOString() ?? null, null] },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(
        'A live record with this FIN number and e-Cert serial no. exists; this one cannot be restored.',
      );
    }
    throw error;
  }
}
