import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { takesVerifierKey } from '../../auth/verifier-key-access.ts';
import { verifier, verifierApiKey } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { limitBy } from '../../plugins/rate-limit.ts';
import { bearerKey, hashKey } from '../api-keys/key-secret.ts';
import type { VerifierRow } from './verifier-view.ts';

/** Requests per key, as for staff keys; the daily quota bounds what they check. */
const REQUESTS_PER_KEY = { max: 600, timeWindow: 60_000 };
const LAST_USED_STEP_MS = 60_000;

/**
 * The approved verifier a request's verifier API key belongs to: 401 for a key that is unknown,
 * revoked or whose verifier is not approved, 403 on a route keys may not use.
 */
export function verifierKeyAuthenticator(app: FastifyInstance) {
  const perKey = limitBy(app, {
    ...REQUESTS_PER_KEY,
    // The key's hash, never the key: the counters may live in a shared Redis.
    keyGenerator: (request) => `verifier-key:${hashKey(bearerKey(request.headers.authorization) ?? '')}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<VerifierRow> => {
    const [found] = await app.db
      .select({ keyId: verifierApiKey.id, lastUsedAt: verifierApiKey.lastUsedAt, account: verifier })
      .from(verifierApiKey)
      .innerJoin(verifier, eq(verifier.id, verifierApiKey.verifierId))
      .where(
        and(
          eq(verifierApiKey.hash, hashKey(key)),
          isNull(verifierApiKey.revokedAt),
          eq(verifier.status, 'approved'),
        ),
      );
    if (!found) throw new AppError(401, 'This API key is not valid or was revoked.', 'UNAUTHENTICATED');
    if (!takesVerifierKey(request.method, request.routeOptions.url)) {
      throw new AppError(403, 'Verifier API keys only check e-Certs.', 'FORBIDDEN');
    }
    await perKey(request, reply);
    if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
      await app.db
        .update(verifierApiKey)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(verifierApiKey.id, found.keyId));
    }
    return found.account;
  };
}
