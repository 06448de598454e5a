import type { UserView } from '#shared/api/users.ts';
import type { user } from '../../db/schema/index.ts';

type UserRow = typeof user.$inferSelect;

/** Better Auth stores the role as free text; anything but "admin" is the staff role, as at sign-in. */
export const roleOf = (role: string | null) => (role === 'admin' ? 'admin' : 'staff');

export const toUserView = (row: UserRow): UserView => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: roleOf(row.role),
  createdAt: row.createdAt.toISOString(),
  banned: row.banned ?? false,
});
