import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { readiness } from './readiness.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: the instance still serves, but tells load balancers to stop sending. */
    lifecycle: { draining: boolean };
  }
}

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorate('lifecycle', { draining: false });
  app.get('/api/health', { config: { neverShed: true } }, async (_request, reply) => {
    try {
      await app.database.ping();
    } catch {
      throw new AppError(503, 'The database is not answering.', 'UNAVAILABLE');
    }
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  // For operators and load balancers: each service's state, by error code only.
  app.get('/api/health/ready', { config: { neverShed: true } }, async (_request, reply) => {
    if (app.lifecycle.draining)
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'draining' });
    const answer = await readiness(app);
    return reply
      .code(answer.status === 'down' ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(answer);
  });
};

// Not encapsulated: main.ts sets `lifecycle.draining` on the root instance.
export default fp(healthRoutes, { name: 'health-routes' });
