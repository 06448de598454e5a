import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { readiness } from './readiness.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
    const answer = await readiness(app);
    return reply
      .code(answer.status === 'down' ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(answer);
  });
};

export default healthRoutes;
