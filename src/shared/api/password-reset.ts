import { z } from 'zod';
import { newUserInput } from './auth.ts';

/** How long an administrator's password reset link works (once). */
export const PASSWORD_RESET_LINK_HOURS = 24;

const token = z
  .string({ error: 'The link is incomplete' })
  .min(1, { error: 'The link is incomplete' })
  .max(200, { error: 'The link is not valid' });

export const passwordResetCheckInput = z.object({ token });
/** Whose password the link sets, so the page can say so; only while the link works. */
export const passwordResetCheck = z.object({ email: z.string() });
export type PasswordResetCheck = z.infer<typeof passwordResetCheck>;

/** The new password follows the same rule as every account's. */
export const passwordResetInput = z.object({ token, password: newUserInput.shape.password });
export type PasswordResetInput = z.infer<typeof passwordResetInput>;
