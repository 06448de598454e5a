import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import { contentTypeOf, isFileKey } from '../../files/file-store.ts';
import { prepareIsIdentityDocument } from './find-identity-documents.ts';

// Keys are content hashes: the bytes behind a key never change.
const PUBLIC_CACHING = 'public, max-age=31536000, immutable';
// An identity document's answer depends on the session: no shared cache may keep it, nor the browser
// once the staff member has gone.
const STAFF_ONLY_CACHING = 'private, no-store';

const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const isIdentityDocument = prepareIsIdentityDocument(app.database);
  const { publicIdentityDocuments } = app.config;

  app.get(
    '/files/:key',
    { schema: { params: z.object({ key: z.string().max(100) }) } },
    async (request, reply) => {
      const { key } = request.params;
      if (!isFileKey(key)) throw notFound('File not found.');
      // Passport scans are staff-only unless the operator publishes them with the holders' consent.
      const staffOnly = !publicIdentityDocuments && (await isIdentityDocument(key));
      if (staffOnly && !(await app.currentUser(request))) {
        throw new AppError(401, 'Identity documents are shown to signed-in staff only.', 'UNAUTHENTICATED');
      }
      const file = await app.files.open(key);
      if (!file) throw notFound('File not found.');
      const contentType = contentTypeOf(key);
      reply
        .type(contentType)
        .header('content-length', file.size)
        .header('cache-control', staffOnly ? STAFF_ONLY_CACHING : PUBLIC_CACHING)
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
