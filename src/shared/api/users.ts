import { z } from 'zod';
import { newUserInput, roleField, roles } from './auth.ts';

export const userView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  createdAt: z.string(),
  banned: z.boolean(),
});
export type UserView = z.infer<typeof userView>;

export const usersResponse = z.object({ items: z.array(userView) });
export type UsersResponse = z.infer<typeof usersResponse>;

/** An administrator adds a user: the same rules as the first-admin setup and the CLI. */
export const createUserInput = newUserInput;
export type CreateUserInput = z.infer<typeof createUserInput>;

/**
 * Any of the four, each checked as when adding; a field left out keeps its value, and an empty
 * change is refused with a plain message. The role is taken without its default: Zod fills a
 * default in even for an optional key left out, which would demote an administrator on a rename.
 */
export const updateUserInput = newUserInput
  .pick({ name: true, email: true })
  .extend({ role: roleField, banned: z.boolean({ error: 'Banned must be true or false' }) })
  .partial();
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** A one-time link that lets a user set a new password, made by an administrator. */
export const passwordResetLinkView = z.object({ url: z.string(), expiresAt: z.string() });
export type PasswordResetLinkView = z.infer<typeof passwordResetLinkView>;
