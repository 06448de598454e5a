import { z } from 'zod';
import { nameField, newUserInput, roles } from './auth.ts';

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

/** Any of the three; an empty change is refused by the route with a plain message. */
export const updateUserInput = z.object({
  name: nameField.optional(),
  role: z.enum(roles, { error: 'Role must be admin or staff' }).optional(),
  banned: z.boolean({ error: 'Banned must be true or false' }).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;
