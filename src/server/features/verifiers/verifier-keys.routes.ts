import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newVerifierKey, verifierKeyInput, verifierKeysResponse } from '#shared/api/verifiers.ts';
import { verifierApiKey } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { hashKey, keyPrefix, newKeySecret } from '../api-keys/key-secret.ts';
import { verifierOf } from './verifier-session.ts';

type KeyRow = typeof verifierApiKey.$inferSelect;
const toView = (row: KeyRow) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The verifier's own API keys: made here, shown once, revoked here. */
const verifierKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/verifier/api-keys',
    { schema: { response: { 200: verifierKeysResponse } } },
    async (request) => {
      const rows = await app.db
        .select()
        .from(verifierApiKey)
        .where(and(eq(verifierApiKey.verifierId, verifierOf(request).id), isNull(verifierApiKey.revokedAt)))
        .orderBy(desc(verifierApiKey.createdAt));
      return { items: rows.map(toView) };
    },
  );

  app.post(
    '/api/verifier/api-keys',
    { schema: { body: verifierKeyInput, response: { 201: newVerifierKey } } },
    async (request, reply) => {
      const key = newKeySecret();
      const [row] = await app.db
        .insert(verifierApiKey)
        .values({
          verifierId: verifierOf(request).id,
          name: request.body.name,
          prefix: keyPrefix(key),
          hash: hashKey(key),
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return reply.code(201).send({ ...toView(row), key });
    },
  );

  app.delete(
    '/api/verifier/api-keys/:id',
    { schema: { params: z.object({ id: z.uuid({ error: 'Not a key id' }) }) } },
    async (request, reply) => {
      const revoked = await app.db
        .update(verifierApiKey)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(verifierApiKey.id, request.params.id),
            eq(verifierApiKey.verifierId, verifierOf(request).id),
            isNull(verifierApiKey.revokedAt),
          ),
        )
        .returning({ id: verifierApiKey.id });
      if (revoked.length === 0) throw notFound('This key does not exist.');
      return reply.code(204).send();
    },
  );
};

export default verifierKeysRoutes;
