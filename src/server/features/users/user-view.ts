import type { UserView } from '#shared/api/users.ts';
import { roleOf } from '../../auth/role-of.ts';
import type { user } from '../../db/schema/index.ts';

type UserRow = typeof user.$inferSelect;

export const toUserView = (row: UserRow): UserView => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: roleOf(row.role),
  createdAt: row.createdAt.toISOString(),
  banned: row.banned ?? false,
});
