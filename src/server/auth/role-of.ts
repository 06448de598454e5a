import type { Role } from './create-auth.ts';

/** Better Auth stores the role as free text; anything but a known role is the staff role, as at sign-in. */
export const roleOf = (role: string | null): Role => (role === 'admin' || role === 'editor' ? role : 'staff');
