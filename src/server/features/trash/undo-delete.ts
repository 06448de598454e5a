import { and, desc, eq } from 'drizzle-orm';
import { UNDO_DELETE_MINUTES } from '#shared/api/trash.ts';
import { isRecordId } from '#shared/rules/record-id.ts';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../db/record-audit.ts';
import { auditEvent } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { restorePerson } from '../people/delete-person.ts';
import { restoreRenewal } from './restore-renewal.ts';

const restore = { person: restorePerson, renewal: restoreRenewal };

/**
 * "Undo" right after Delete, for whoever deleted: restoring is otherwise for administrators, but
 * taking back one's own slip a moment later gives nobody a power they lacked (they could delete it).
 * Who deleted and when is read from the record's latest delete event in the audit trail.
 */
export async function undoDelete(db: Db, kind: 'person' | 'renewal', id: string, actor: Actor) {
  const entityId = id.toLowerCase();
  if (!isRecordId(entityId)) throw notFound('This record is not in the trash.');
  const [deleted] = await db
    .select({ actorId: auditEvent.actorId, at: auditEvent.at })
    .from(auditEvent)
    .where(
      and(
        eq(auditEvent.entityType, kind),
        eq(auditEvent.entityId, entityId),
        eq(auditEvent.action, 'delete'),
      ),
    )
    .orderBy(desc(auditEvent.at))
    .limit(1);
  if (!deleted) throw notFound('This record is not in the trash.');
  const recent = Date.now() - deleted.at.getTime() < UNDO_DELETE_MINUTES * 60_000;
  if (deleted.actorId !== actor.id || !recent) {
    throw new AppError(
      403,
      `Only who deleted a record can undo it, within ${UNDO_DELETE_MINUTES} minutes. An administrator can restore it from the Trash.`,
      'FORBIDDEN',
    );
  }
  await restore[kind](db, entityId, actor);
}
