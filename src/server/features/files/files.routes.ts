import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import { contentTypeOf, isFileKey } from '../../files/file-store.ts';
import { mayUse, staffSessionReader } from '../staff-session.ts';
import { prepareIsPublicFile } from './find-public-files.ts';

// Keys are content hashes: the bytes behind a key never change.
const PUBLIC_CACHING = 'public, max-age=31536000, immutable';
// Any other file's answer depends on the session: no shared cache may keep it, nor the browser
// once the staff member has gone.
const STAFF_ONLY_CACHING = 'private, no-store';

/**
 * Stored files. Public only while a live record's public field holds one; every other file (a
 * passport scan, a replaced image kept for the grace period, an unfinished import's, a generated
 * one) is for staff who pass the staff API's own checks.
 */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const isPublicFile = prepareIsPublicFile(app.database, {
    identityDocumentsPublic: app.config.publicIdentityDocuments,
  });
  const staffSession = staffSessionReader(app);

  app.get(
    '/files/:key',
    { schema: { params: z.object({ key: z.string().max(100) }) } },
    async (request, reply) => {
      const { key } = request.params;
      if (!isFileKey(key)) throw notFound('File not found.');
      const isPublic = await isPublicFile(key);
      // An editor's session is staff's for content only: identity documents are not theirs.
      if (!isPublic && !mayUse((await staffSession(request)).role, undefined)) {
        throw new AppError(403, 'You do not have permission to do this.', 'FORBIDDEN');
      }
      const file = await app.files.open(key);
      if (!file) throw notFound('File not found.');
      const contentType = contentTypeOf(key);
      reply
        .type(contentType)
        .header('content-length', file.size)
        .header('cache-control', isPublic ? PUBLIC_CACHING : STAFF_ONLY_CACHING)
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
