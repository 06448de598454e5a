import { z } from 'zod';
import { EMAIL_PATTERN } from './contact.ts';

export const PASSWORD_MIN_LENGTH = 10;
const PASSWORD_MAX_LENGTH = 128;

/** `editor`: edits the public pages, brand, translations and the e-Cert's design, and nothing else. */
export const roles = ['admin', 'staff', 'editor'] as const;
export type Role = (typeof roles)[number];
/** A verifier organisation's user: signs in like staff, reaches only the verifier area. */
export const VERIFIER_ROLE = 'verifier';

/** The portal's rule for a staff account's email, wherever the address comes from. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required' })
  .max(200, { error: 'Email must be at most 200 characters' })
  .regex(EMAIL_PATTERN, { error: 'Please enter a valid email' });

/**
 * A new password's length. How easy it is to guess is judged by the server (judgePassword in
 * src/shared/rules/password-strength.ts): its dictionaries are too large for every form's bundle.
 */
const passwordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(200, { error: 'Name must be at most 200 characters' });

export const roleField = z.enum(roles, { error: 'Role must be admin, staff or editor' });

export const newUserInput = z.object({
  email: emailField,
  name: nameField,
  password: passwordField,
  role: roleField.default('staff'),
});
export type NewUserInput = z.infer<typeof newUserInput>;

export const setupInput = newUserInput.omit({ role: true }).extend({ token: z.string().min(1).max(200) });
export type SetupInput = z.infer<typeof setupInput>;

export const loginInput = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
});
export type LoginInput = z.infer<typeof loginInput>;

/** A signed-in user's own password change: the current one, and a new one under the same rule. */
export const changePasswordInput = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
