import { and, eq, ne, sql } from 'drizzle-orm';
import type { UpdateUserInput } from '#shared/api/users.ts';
import { roleOf } from '../../auth/role-of.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-error.ts';
import { type Actor, diffChanges, recordAudit } from '../../db/record-audit.ts';
import { session, user } from '../../db/schema/index.ts';
import { conflict, invalidInput } from '../../errors.ts';
import { isStaffUser } from './user-view.ts';

const fields = ['name', 'email', 'role', 'banned'] as const;
const emailTaken = () => conflict('A user with this email already exists.');

/**
 * Renames, changes the email or role of, bans or unbans a user, audited in the same transaction. A
 * ban also ends the user's sessions. Returns the row after the change, or null when there is no
 * such user.
 */
export async function updateStaffUser(db: Db, id: string, input: UpdateUserInput, actor: Actor) {
  // Zod has already dropped unknown keys; only the fields actually sent take part.
  const patch = Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined),
  ) as UpdateUserInput;
  if (Object.keys(patch).length === 0) {
    throw invalidInput('Nothing to change: send a name, an email, a role or banned.');
  }
  // An administrator who locks themselves out could leave the portal with no administrator at all.
  if (id === actor.id && input.role !== undefined && input.role !== 'admin') {
    throw invalidInput('You cannot remove your own administrator role.', {
      role: 'You cannot change your own role',
    });
  }
  if (id === actor.id && input.banned === true) {
    throw invalidInput('You cannot ban yourself.', { banned: 'You cannot ban yourself' });
  }

  try {
    return await applyChange(db, id, patch, actor);
  } catch (error) {
    // Two changes racing to the same email: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

function applyChange(db: Db, id: string, patch: UpdateUserInput, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(user)
      .where(and(eq(user.id, id), isStaffUser))
      .for('update');
    if (!row) return null;
    if (patch.email !== undefined) {
      const [other] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.email, patch.email), ne(user.id, id)))
        .limit(1);
      if (other) throw emailTaken();
    }
    const before = { name: row.name, email: row.email, role: roleOf(row.role), banned: row.banned ?? false };
    const changes = diffChanges(before, patch, fields);
    if (Object.keys(changes).length === 0) return row;
    const banned = patch.banned ?? before.banned;
    const [updated] = await tx
      .update(user)
      .set({
        ...patch,
        ...(banned ? {} : { banReason: null, banExpires: null }),
        updatedAt: sql`now()`,
      })
      .where(eq(user.id, id))
      .returning();
    if (changes.banned && banned) await tx.delete(session).where(eq(session.userId, id));
    await recordAudit(tx, { actor, entityType: 'user', entityId: id, action: 'update', changes });
    return updated ?? null;
  });
}
