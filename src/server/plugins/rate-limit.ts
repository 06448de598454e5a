import rateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { sharedLimitStore } from './rate-limit-store.ts';

/** A route's `config.rateLimit` from a configured limit: `false`, no limit, when it is off. */
export const perClientLimit = (limit: { max: number; timeWindowMs: number } | null) =>
  limit ? { max: limit.max, timeWindow: limit.timeWindowMs } : false;

const tooMany = (ttlMs: number) =>
  new AppError(
    429,
    `Too many requests. Please try again in ${Math.max(1, Math.ceil(ttlMs / 60_000))} minutes.`,
    'RATE_LIMITED',
  );

/**
 * A second limit on a route that has one in `config.rateLimit` (a preHandler, so its key may read
 * the body). The plugin's own handlers share one "already counted" mark per request, so a second of
 * them would never count; this one counts on its own.
 */
export function limitBy(app: FastifyInstance, options: CreateRateLimitOptions) {
  const count = app.createRateLimit(options);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await count(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw tooMany(result.ttl);
  };
}

/** Per-client limits, opted into per route with `config.rateLimit`, shared through Redis when there is one. */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { store: sharedLimitStore(app.redis) } : {}),
      // Thrown, so the shared error handler gives it the common shape; Retry-After is already set.
      errorResponseBuilder: (_request, context) => tooMany(context.ttl),
    });
  },
  { name: 'rate-limit', dependencies: ['shared-state'] },
);
