import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type NewUserInput, newUserInput } from '#shared/api/auth.ts';
import { hashPassword } from '../../auth/password-hash.ts';
import { requireStrongPassword } from '../../auth/require-strong-password.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-error.ts';
import { type Actor, recordAudit } from '../../db/record-audit.ts';
import { account, user } from '../../db/schema/index.ts';
import { AppError, conflict, invalidInput } from '../../errors.ts';

/**
 * Creates a user with an email + password account and its audit event in one transaction, the
 * way Better Auth stores credentials (provider "credential", scrypt hash).
 */
export async function createStaffUser(
  target: { db: Db },
  input: { email: string; name?: string; password: string; role?: string },
  actor: Actor | null,
) {
  const parsed = newUserInput.safeParse({ ...input, name: input.name || input.email.split('@')[0] });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'input');
    throw invalidInput(issue?.message ?? 'Invalid input', { [field]: issue?.message ?? 'Invalid value' });
  }
  const { email, name, password, role }: NewUserInput = parsed.data;
  requireStrongPassword(password, 'password', [email, name]);
  const passwordHash = await hashPassword(password);
  const id = randomUUID();
  try {
    await target.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
      if (existing) throw conflict('A user with this email already exists.');
      await tx.insert(user).values({ id, email, name, role, emailVerified: true });
      await tx.insert(account).values({
        id: randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
      });
      await recordAudit(tx, {
        actor,
        entityType: 'user',
        entityId: id,
        action: 'create',
        changes: { email: [null, email], name: [null, name], role: [null, role] },
      });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Two creations racing on the same email: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('A user with this email already exists.');
    throw error;
  }
  return { id, email, name, role };
}
