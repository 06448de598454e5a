import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeysResponse, apiKeyView, createApiKeyInput, createdApiKey } from '#shared/api/api-keys.ts';
import { notFound } from '../../errors.ts';
import { requestActor } from '../audit/request-actor.ts';
import { createApiKey, listApiKeys, revokeApiKey, toApiKeyView } from './api-keys.ts';

const params = z.object({ id: z.uuid({ error: 'Not a key id' }) });
// The staff scope's hook answers 403 to anyone but an administrator, and to every API key.
const adminOnly = { role: 'admin' } as const;

/** Keys for the issuer's own systems, managed by administrators. */
const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/api-keys',
    { config: adminOnly, schema: { response: { 200: apiKeysResponse } } },
    async () => ({
      items: (await listApiKeys(app.db)).map(toApiKeyView),
    }),
  );

  app.post(
    '/api/api-keys',
    { config: adminOnly, schema: { body: createApiKeyInput, response: { 201: createdApiKey } } },
    async (request, reply) =>
      reply.code(201).send(await createApiKey(app.db, request.body, requestActor(request))),
  );

  app.delete(
    '/api/api-keys/:id',
    { config: adminOnly, schema: { params, response: { 200: apiKeyView } } },
    async (request) => {
      const row = await revokeApiKey(app.db, request.params.id, requestActor(request));
      if (!row) throw notFound('This API key does not exist.');
      return toApiKeyView(row);
    },
  );
};

export default apiKeysRoutes;
