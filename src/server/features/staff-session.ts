import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPassword } from '../auth/has-password.ts';
import type { SessionUser } from '../auth/read-session.ts';
import { AppError, signInRequired } from '../errors.ts';

/**
 * The staff user of a request's session, as every staff route takes it: 401 without a valid
 * session, 403 for an administrator the two-factor requirement holds back.
 */
export function staffSessionReader(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<SessionUser> => {
    const user = await app.currentUser(request);
    if (!user) throw signInRequired();
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
