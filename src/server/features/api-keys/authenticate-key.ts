import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '#shared/api/api-keys.ts';
import { scopeAllows, scopeNeeded } from '../../auth/key-access.ts';
import type { SessionUser } from '../../auth/read-session.ts';
import { apiKey } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { limitBy } from '../../plugins/rate-limit.ts';
import { hashKey } from './key-secret.ts';

/** Requests per key: far above what a system syncing records needs, far below a flood. */
const REQUESTS_PER_KEY = { max: 600, timeWindow: 60_000 };
/** "Last used" is kept to the minute, so a busy key does not write on every request. */
const LAST_USED_STEP_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a staff request came with, or null for a session. */
    apiKey: { id: string; name: string; scope: ApiKeyScope } | null;
  }
}

const refused = () =>
  new AppError(401, 'This API key is not valid, has expired or was revoked.', 'UNAUTHENTICATED');

/**
 * The staff user a request's API key acts as, after checking the key is live, that the matched
 * route takes keys of its scope, and the key's rate limit. Audit events name the key.
 */
export function keyAuthenticator(app: FastifyInstance) {
  app.decorateRequest('apiKey', null);
  const perKey = limitBy(app, {
    ...REQUESTS_PER_KEY,
    keyGenerator: (request) => `api-key:${request.apiKey?.id}`,
  });

  return async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<SessionUser> => {
    const [found] = await app.db
      .select({ id: apiKey.id, name: apiKey.name, scope: apiKey.scope, lastUsedAt: apiKey.lastUsedAt })
      .from(apiKey)
      .where(and(eq(apiKey.hash, hashKey(key)), isNull(apiKey.revokedAt), gt(apiKey.expiresAt, sql`now()`)));
    if (!found) throw refused();
    request.apiKey = { id: found.id, name: found.name, scope: found.scope };

    const needed = scopeNeeded(request.method, request.routeOptions.url);
    if (!needed) throw new AppError(403, 'API keys cannot be used for this request.', 'FORBIDDEN');
    if (!scopeAllows(found.scope, needed)) {
      throw new AppError(403, 'This API key may only read records.', 'FORBIDDEN');
    }
    await perKey(request, reply);

    if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
      await app.db.update(apiKey).set({ lastUsedAt: sql`now()` }).where(eq(apiKey.id, found.id));
    }
    return {
      id: found.id,
      email: `API key "${found.name}"`,
      name: found.name,
      role: 'staff',
      twoFactorEnabled: false,
    };
  };
}
