import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type Actor, recordAudit } from '../db/record-audit.ts';
import { twoFactor, user } from '../db/schema/index.ts';

/** The parts of a user's sign-in that a two-factor step may change. */
async function readTwoFactor(db: Db, userId: string) {
  const [row] = await db
    .select({ on: user.twoFactorEnabled, backupCodes: twoFactor.backupCodes })
    .from(user)
    .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return { on: Boolean(row?.on), backupCodes: row?.backupCodes ?? null };
}

const onOff = (on: boolean) => (on ? 'on' : 'off');

/**
 * Runs a signed-in user's two-factor step (Better Auth changes the rows itself) and audits what it
 * changed: two-factor turned on or off, backup codes made anew or removed. Codes stay hidden.
 */
export async function auditTwoFactorStep<T>(db: Db, actor: Actor, step: () => Promise<T>): Promise<T> {
  const before = await readTwoFactor(db, actor.id);
  const answer = await step();
  const after = await readTwoFactor(db, actor.id);
  const changes: Record<string, [unknown, unknown]> = {};
  if (before.on !== after.on) changes.twoFactor = [onOff(before.on), onOff(after.on)];
  if (before.backupCodes !== after.backupCodes) {
    changes.backupCodes = [before.backupCodes && '(hidden)', after.backupCodes && '(new codes)'];
  }
  if (Object.keys(changes).length > 0) {
    await recordAudit(db, { actor, entityType: 'user', entityId: actor.id, action: 'update', changes });
  }
  return answer;
}
