import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { sharedLimitStore } from './rate-limit-store.ts';

/** A route's `config.rateLimit` from a configured limit: `false`, no limit, when it is off. */
export const perClientLimit = (limit: { max: number; timeWindowMs: number } | null) =>
  limit ? { max: limit.max, timeWindow: limit.timeWindowMs } : false;

/** Per-client limits, opted into per route with `config.rateLimit`, shared through Redis when there is one. */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { store: sharedLimitStore(app.redis) } : {}),
      // Thrown, so the shared error handler gives it the common shape; Retry-After is already set.
      errorResponseBuilder: (_request, context) => {
        const minutes = Math.max(1, Math.ceil(context.ttl / 60_000));
        return new AppError(
          429,
          `Too many requests. Please try again in ${minutes} minutes.`,
          'RATE_LIMITED',
        );
      },
    });
  },
  { name: 'rate-limit', dependencies: ['shared-state'] },
);
