import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { readiness } from './readiness.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { config: { neverShed: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // Alive and at work: asking the database would wait for the long transaction to end.
    if (app.database.heldBy) return { status: 'ok', database: 'busy' };
    try {
      await app.database.ping();
    } catch {
      throw new AppError(503, 'The database is not answering.', 'UNAVAILABLE');
    }
    return { status: 'ok' };
  });

  // For operators and load balancers: each service's state, by error code only.
  app.get('/api/health/ready', { config: { neverShed: true } }, async (_request, reply) => {
    if (app.lifecycle.draining)
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'draining' });
    if (app.database.heldBy)
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'busy' });
    const answer = await readiness(app);
    return reply
      .code(answer.status === 'down' ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(answer);
  });
};

export default fp(healthRoutes, { name: 'health-routes' });
