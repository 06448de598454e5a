import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentNames, searchResponse } from '#shared/api/content.ts';
import { type Language, languages } from '#shared/i18n/languages.ts';
import { languageQuery } from '../../i18n/language-query.ts';
import { buildSearchIndex, searchSite } from './search-index.ts';

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Built once per published version: a publish makes the next search build the new one.
  let indexed = { version: -1, indexes: new Map<Language, ReturnType<typeof buildSearchIndex>>() };
  const searchIndex = (language: Language) => {
    if (indexed.version !== app.content.version) {
      const indexes = new Map(
        languages.map((l) => [l, buildSearchIndex(app.content.inLanguage(l).pages)] as const),
      );
      indexed = { version: app.content.version, indexes };
    }
    return indexed.indexes.get(language) ?? [];
  };

  app.get(
    '/api/content/:name',
    {
      schema: {
        params: z.object({ name: z.enum(contentNames, { error: 'Unknown page' }) }),
        querystring: languageQuery,
      },
    },
    async (request, reply) => {
      // Short: a publish reaches browsers within seconds.
      reply.header('cache-control', 'public, max-age=10');
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
    async ({ query }) => ({ query: query.q, results: searchSite(searchIndex(query.lang), query.q) }),
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
