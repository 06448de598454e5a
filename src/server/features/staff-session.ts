import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VERIFIER_ROLE } from '#shared/api/auth.ts';
import type { AccountRole } from '../auth/create-auth.ts';
import { hasPassword } from '../auth/has-password.ts';
import type { SessionUser } from '../auth/read-session.ts';
import { AppError, signInRequired } from '../errors.ts';

/**
 * The staff user of a request's session, as every staff route takes it: 401 without a valid
 * session, 403 for a verifier's session and for an administrator the two-factor requirement holds
 * back.
 */
export function staffSessionReader(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<SessionUser> => {
    const user = await app.currentUser(request);
    if (!user) throw signInRequired();
    if (user.role === VERIFIER_ROLE) {
      throw new AppError(403, 'Verifier accounts cannot use the staff dashboard.', 'FORBIDDEN');
    }
    // Two-factor is for local accounts: one that signs in only through the provider has no password.
    if (
      user.role === 'admin' &&
      !user.twoFactorEnabled &&
      app.config.requireTwoFactorForAdmins &&
      (await hasPassword(app.db, user.id))
    ) {
      throw new AppError(
        403,
        'Administrators must set up two-factor sign-in first: open your Account page.',
        'TWO_FACTOR_REQUIRED',
      );
    }
    return user;
  };
}

/** Whether a staff role may use a route marked with `needed` (FastifyContextConfig.role). */
export function mayUse(role: AccountRole, needed: 'admin' | 'content' | undefined): boolean {
  if (role === 'admin') return true;
  if (role === 'editor') return needed === 'content';
  return needed === undefined;
}
