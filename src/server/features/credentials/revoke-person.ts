import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { RevocationState } from '#shared/api/credentials.ts';
import { isRecordId } from '#shared/rules/record-id.ts';
import type { Db } from '../../db/database.ts';
import { type Actor, recordAudit } from '../../db/record-audit.ts';
import { person } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { retireStatusPlace } from './not-an-e-cert.ts';

const noRecord = () => notFound('No such record.');

const live = (id: string) => and(eq(person.id, id), isNull(person.deletedAt));
const state = (row: {
  id: string;
  revokedAt: Date | null;
  revocationReason: string | null;
}): RevocationState => ({
  id: row.id,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  revocationReason: row.revocationReason,
});
const returned = { id: person.id, revokedAt: person.revokedAt, revocationReason: person.revocationReason };

/** Revokes a live record: its credentials show revoked in the status list; the record stays verifiable. */
export async function revokePerson(
  db: Db,
  id: string,
  reason: string,
  actor: Actor,
): Promise<RevocationState> {
  if (!isRecordId(id)) throw noRecord();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(person)
      .set({ revokedAt: sql`now()`, revocationReason: reason, updatedAt: sql`now()`, updatedBy: actor.id })
      .where(and(live(id), isNull(person.revokedAt)))
      .returning(returned);
    if (!row) {
      const [exists] = await tx.select({ id: person.id }).from(person).where(live(id));
      throw exists ? conflict('This record is already revoked.') : noRecord();
    }
    await recordAudit(tx, {
      actor,
      entityType: 'person',
      entityId: id,
      action: 'revoke',
      changes: { revokedAt: [null, row.revokedAt?.toISOString()], revocationReason: [null, reason] },
    });
    return state(row);
  });
}

/**
 * Reinstates a revoked record. The revoked place in the status list stays revoked for good (the
 * list's revocation bits never clear); the record's next credential gets a new place.
 */
export async function reinstatePerson(db: Db, id: string, actor: Actor): Promise<RevocationState> {
  if (!isRecordId(id)) throw noRecord();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(returned)
      .from(person)
      .where(and(live(id), isNotNull(person.revokedAt)))
      .for('update');
    if (!before) {
      const [exists] = await tx.select({ id: person.id }).from(person).where(live(id));
      throw exists ? conflict('This record is not revoked.') : noRecord();
    }
    const [row] = await tx
      .update(person)
      .set({ revokedAt: null, revocationReason: null, updatedAt: sql`now()`, updatedBy: actor.id })
      .where(eq(person.id, id))
      .returning(returned);
    await retireStatusPlace(tx, id);
    await recordAudit(tx, {
      actor,
      entityType: 'person',
      entityId: id,
      action: 'reinstate',
      changes: {
        revokedAt: [before.revokedAt?.toISOString(), null],
        revocationReason: [before.revocationReason, null],
      },
    });
    return state(row ?? before);
  });
}
