import { normalizeIP } from '@fastify/rate-limit';
import type { onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One budget per client (VERIFY_RATE_LIMIT) for every route that answers whether an identifier
     * belongs to a record: spending it on one route leaves less for the others.
     */
    verificationLimit: onRequestAsyncHookHandler;
  }
}

const noLimit: onRequestAsyncHookHandler = async () => {};

export default fp(
  async (app) => {
    const limit = app.config.verification.rateLimit;
    app.decorate(
      'verificationLimit',
      limit
        ? app.rateLimit({
            max: limit.max,
            timeWindow: limit.timeWindowMs,
            // Its own keys: in a shared Redis, no other limit counts the same client's requests here.
            keyGenerator: (request) => `verification:${normalizeIP(request.ip)}`,
          })
        : noLimit,
    );
  },
  { name: 'verification-limit', dependencies: ['rate-limit'] },
);
