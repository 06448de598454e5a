import { randomUUID } from 'node:crypto';
import { and, eq, gt, not } from 'drizzle-orm';
import { hashPassword } from '../../auth/password-hash.ts';
import { requireStrongPassword } from '../../auth/require-strong-password.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../db/record-audit.ts';
import { account, session, user, verification } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { resetLinkIdentifier } from './reset-link-store.ts';

export const linkNotValid = () =>
  new AppError(
    400,
    'This password reset link is not valid any more. Ask an administrator for a new one.',
    'INVALID_INPUT',
  );

const live = (token: string) =>
  and(eq(verification.identifier, resetLinkIdentifier(token)), gt(verification.expiresAt, new Date()));

/** Whose password a link sets while it works (not expired, not used, its user not banned), or null. */
export async function findResetLink(db: Db, token: string): Promise<{ email: string } | null> {
  const [row] = await db
    .select({ email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(live(token), not(eq(user.banned, true))))
    .limit(1);
  return row ?? null;
}

/**
 * Sets a new password with a reset link and uses the link up. Every session of the user ends: who
 * ever signed in as them with the old password is signed out. Audited with the user as actor.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Deleting the row is what uses the link: of two requests racing with it, one gets the row.
    const [link] = await tx.delete(verification).where(live(token)).returning({ userId: verification.value });
    if (!link) throw linkNotValid();
    const [owner] = await tx.select().from(user).where(eq(user.id, link.userId));
    // A ban after the link was made outweighs it.
    if (!owner || owner.banned) throw linkNotValid();
    // Refused here, the link's deletion rolls back: it still works for a stronger password.
    requireStrongPassword(password, 'password', [owner.email, owner.name]);
    const credential = and(eq(account.userId, owner.id), eq(account.providerId, 'credential'));
    const [updated] = await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(credential)
      .returning({ id: account.id });
    if (!updated) {
      await tx.insert(account).values({
        id: randomUUID(),
        accountId: owner.id,
        providerId: 'credential',
        userId: owner.id,
        password: passwordHash,
      });
    }
    const ended = await tx.delete(session).where(eq(session.userId, owner.id)).returning({ id: session.id });
    await recordAudit(tx, {
      actor: { id: owner.id, email: owner.email },
      entityType: 'user',
      entityId: owner.id,
      action: 'update',
      changes: { password: ['(hidden)', '(set with a reset link)'], sessions: [ended.length, 0] },
    });
  });
}
