import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteResponse } from '#shared/api/site.ts';

const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/site', { schema: { response: { 200: siteResponse } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return {
      ...app.content.site,
      publicUrl: app.config.publicUrl,
      verification: {
        waitSeconds: app.config.verification.waitSeconds,
        interstitialUrl: app.config.verification.interstitialUrl,
      },
    };
  });
};

export default siteRoutes;
