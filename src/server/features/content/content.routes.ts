import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentNames, searchResponse } from '#shared/api/content.ts';
import { languages } from '#shared/i18n/languages.ts';
import { languageQuery } from '../../i18n/language-query.ts';
import { buildSearchIndex, searchSite } from './search-index.ts';

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const indexes = new Map(
    languages.map((language) => [language, buildSearchIndex(app.content.inLanguage(language).pages)]),
  );

  app.get(
    '/api/content/:name',
    {
      schema: {
        params: z.object({ name: z.enum(contentNames, { error: 'Unknown page' }) }),
        querystring: languageQuery,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.content.inLanguage(request.query.lang).pages[request.params.name];
    },
  );

  app.get(
    '/api/search',
    {
      schema: {
        querystring: languageQuery.extend({
          q: z.string().max(200, { error: 'Search text is too long' }).default(''),
        }),
        response: { 200: searchResponse },
      },
    },
    async ({ query }) => ({ query: query.q, results: searchSite(indexes.get(query.lang) ?? [], query.q) }),
  );

  // RFC 9116: one year of validity from start, contact from the brand configuration.
  app.get('/.well-known/security.txt', async (_request, reply) => {
    const expires = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
    const body = [
      `Contact: ${app.content.site.securityContact}`,
      `Expires: ${expires}`,
      'Preferred-Languages: en',
      `Canonical: ${app.config.publicUrl}/.well-known/security.txt`,
      `Policy: ${app.config.publicUrl}/security`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').send(body);
  });
};

export default contentRoutes;
