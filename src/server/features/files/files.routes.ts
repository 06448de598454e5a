import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { contentTypeOf, isFileKey } from '../../files/file-store.ts';

const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:key',
    { schema: { params: z.object({ key: z.string().max(100) }) } },
    async (request, reply) => {
      const { key } = request.params;
      const file = isFileKey(key) ? await app.files.open(key) : null;
      if (!file) throw notFound('File not found.');
      const contentType = contentTypeOf(key);
      reply
        .type(contentType)
        .header('content-length', file.size)
        // Keys are content hashes: the bytes behind a key never change.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (contentType === 'application/pdf') {
        reply
          .header('content-disposition', 'inline')
          .header('content-security-policy', "sandbox; default-src 'none'; object-src 'self'");
      }
      return reply.send(file.stream);
    },
  );
};

export default filesRoutes;
