import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VERIFIER_ROLE } from '#shared/api/auth.ts';
import { verifier } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { VerifierRow } from './verifier-view.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The approved verifier a verifier-area request acts for. */
    verifier: VerifierRow | null;
  }
  interface FastifyContextConfig {
    /** A verifier-area route that answers before two-factor sign-in is set up (the account page). */
    beforeTwoFactor?: boolean;
  }
}

/**
 * The approved verifier of a request's session, as every verifier-area route takes it: 401
 * without a session, 403 for a staff session or an account that is not approved, and 403 until
 * the verifier has set up two-factor sign-in.
 */
export function verifierSessionReader(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const user = await app.currentUser(request);
    if (!user) throw new AppError(401, 'Please sign in to continue.', 'UNAUTHENTICATED');
    if (user.role !== VERIFIER_ROLE)
      throw new AppError(403, 'Only verifier accounts can use the verifier area.', 'FORBIDDEN');
    const [row] = await app.db
      .select()
      .from(verifier)
      .where(and(eq(verifier.userId, user.id), eq(verifier.status, 'approved')));
    if (!row) throw new AppError(403, 'This verifier account is not active.', 'FORBIDDEN');
    if (!user.twoFactorEnabled && !request.routeOptions.config.beforeTwoFactor) {
      throw new AppError(
        403,
        'Set up two-factor sign-in first: open your verifier account page.',
        'TWO_FACTOR_REQUIRED',
      );
    }
    return { user, verifier: row };
  };
}

/** The verifier the scope's hook found for a request. */
export function verifierOf(request: FastifyRequest): VerifierRow {
  if (!request.verifier) throw new AppError(401, 'Please sign in to continue.', 'UNAUTHENTICATED');
  return request.verifier;
}
