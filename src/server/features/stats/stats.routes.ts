import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statsResponse } from '#shared/api/stats.ts';
import { readStats } from './read-stats.ts';

/** The dashboard index: counts, certificates by passed month, the latest changes. */
const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/stats', { schema: { response: { 200: statsResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readStats(app.db, app.config.certValidityYears);
  });
};

export default statsRoutes;
