import { isNull, ne, or } from 'drizzle-orm';
import { VERIFIER_ROLE } from '#shared/api/auth.ts';
import type { UserView } from '#shared/api/users.ts';
import { roleOf } from '../../auth/role-of.ts';
import { user } from '../../db/schema/index.ts';

type UserRow = typeof user.$inferSelect;

export const toUserView = (row: UserRow): UserView => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: roleOf(row.role),
  createdAt: row.createdAt.toISOString(),
  banned: row.banned ?? false,
});

/** Staff users only: a verifier's user is managed on the Verifiers screen, never as staff. */
export const isStaffUser = or(isNull(user.role), ne(user.role, VERIFIER_ROLE));
