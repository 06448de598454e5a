import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteResponse } from '#shared/api/site.ts';
import { languageQuery } from '../../i18n/language-query.ts';

const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { querystring: languageQuery, response: { 200: siteResponse } };
  app.get('/api/site', { schema }, async (request, reply) => {
    // Short: a publish reaches browsers within seconds.
    reply.header('cache-control', 'public, max-age=10');
    return {
      ...app.content.inLanguage(request.query.lang).site,
      publicUrl: app.config.publicUrl,
      verification: {
        waitSeconds: app.config.verification.waitSeconds,
        interstitialUrl: app.config.verification.interstitialUrl,
      },
    };
  });
};

export default siteRoutes;
