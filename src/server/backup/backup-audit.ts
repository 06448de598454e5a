import type { Actor, Tx } from '../db/record-audit.ts';
import { recordAudit } from '../db/record-audit.ts';

/**
 * A copy of the whole database leaving the installation (`download`), or one put back into it
 * (`restore`): each a line in the audit trail, named by the backup's time.
 */
export function recordBackupEvent(
  tx: Tx,
  event: { actor: Actor | null; action: 'download' | 'restore'; createdAt: string; through: string },
) {
  return recordAudit(tx, {
    actor: event.actor,
    entityType: 'backup',
    entityId: event.createdAt,
    action: event.action,
    changes: { name: [null, `Backup of ${event.createdAt}`], through: [null, event.through] },
  });
}
