import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, notFound } from '../../errors.ts';

/** Compared as SHA-256 digests: equal lengths for timingSafeEqual, so the time says nothing. */
const sameToken = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

/**
 * GET /metrics in the Prometheus text format. Off the public internet by default: 404 unless
 * METRICS_TOKEN is set, then 401 without `Authorization: Bearer <token>`. Not a staff-session
 * route: a scraper has no session. Never shed, so an overloaded instance can still be watched.
 */
const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/metrics', { config: { neverShed: true }, schema: { hide: true } }, async (request, reply) => {
    const token = app.config.metricsToken;
    if (!token) throw notFound();
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, 'The metrics token is missing or wrong.', 'UNAUTHENTICATED');
    }
    return reply
      .header('content-type', app.metricsRegistry.contentType)
      .header('cache-control', 'no-store')
      .send(await app.metricsRegistry.metrics());
  });
};

export default metricsRoutes;
