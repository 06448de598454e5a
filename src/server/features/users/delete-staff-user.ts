import { eq } from 'drizzle-orm';
import { roleOf } from '../../auth/role-of.ts';
import type { Db } from '../../db/database.ts';
import { type Actor, recordAudit } from '../../db/record-audit.ts';
import { account, session, user } from '../../db/schema/index.ts';
import { invalidInput } from '../../errors.ts';

/**
 * Removes a user with their sessions and sign-in accounts, audited in the same transaction; the
 * audit trail keeps who they were. Returns false when there is no such user.
 */
export async function deleteStaffUser(db: Db, id: string, actor: Actor): Promise<boolean> {
  if (id === actor.id) throw invalidInput('You cannot delete your own account.');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(eq(user.id, id)).for('update');
    if (!row) return false;
    await tx.delete(session).where(eq(session.userId, id));
    await tx.delete(account).where(eq(account.userId, id));
    await tx.delete(user).where(eq(user.id, id));
    await recordAudit(tx, {
      actor,
      entityType: 'user',
      entityId: id,
      action: 'delete',
      changes: { email: [row.email, null], name: [row.name, null], role: [roleOf(row.role), null] },
    });
    return true;
  });
}
