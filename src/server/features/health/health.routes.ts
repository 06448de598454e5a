import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';

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
};

export default healthRoutes;
