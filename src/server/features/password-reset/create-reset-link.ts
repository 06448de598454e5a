import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { PASSWORD_RESET_LINK_HOURS } from '#shared/api/password-reset.ts';
import type { PasswordResetLinkView } from '#shared/api/users.ts';
import type { Db } from '../../db/database.ts';
import { type Actor, recordAudit } from '../../db/record-audit.ts';
import { user, verification } from '../../db/schema/index.ts';
import { invalidInput } from '../../errors.ts';
import { ANY_RESET_LINK, newResetToken, resetLinkIdentifier } from './reset-link-store.ts';

/**
 * Makes a one-time password reset link for a user, valid for a day, replacing any earlier link of
 * theirs, audited in the same transaction. The link is shown once, to the administrator, who hands
 * it over; there is no mail server to send it. Null when there is no such user.
 */
export async function createResetLink(
  db: Db,
  publicUrl: string,
  userId: string,
  actor: Actor,
): Promise<PasswordResetLinkView | null> {
  const token = newResetToken();
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_LINK_HOURS * 3600_000);
  const made = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
    if (!row) return false;
    if (row.banned) throw invalidInput('This user is banned: unban them before making a reset link.');
    await tx
      .delete(verification)
      .where(and(like(verification.identifier, ANY_RESET_LINK), eq(verification.value, userId)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: resetLinkIdentifier(token),
      value: userId,
      expiresAt,
    });
    await recordAudit(tx, {
      actor,
      entityType: 'user',
      entityId: userId,
      action: 'update',
      changes: { passwordResetLink: [null, `valid until ${expiresAt.toISOString()}`] },
    });
    return true;
  });
  if (!made) return null;
  const url = new URL('/reset-password', publicUrl);
  url.searchParams.set('token', token);
  return { url: url.href, expiresAt: expiresAt.toISOString() };
}
