import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandImageKeyOf } from '#shared/api/brand-images.ts';
import { notFound } from '../../errors.ts';
import { mayUse } from '../staff-session.ts';
import { brandImageInContent } from './brand-image-in-content.ts';
import { brandImageKeysIn } from './published-brand-images.ts';

/**
 * Uploaded logos and signatures. Public only while the published content names one; an image of
 * an unpublished draft is for those who edit the content (its preview shows it), and any other
 * stored file (an identity document) is never reached here, whatever its key.
 */
const brandImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/brand-images/:key',
    { schema: { params: z.object({ key: z.string().max(100) }) } },
    async (request, reply) => {
      const { key } = request.params;
      if (brandImageKeyOf(`/brand-images/${key}`) !== key) throw notFound('Image not found.');
      const published = brandImageKeysIn(app.content.files).has(key);
      if (!published) {
        const user = await app.currentUser(request);
        const editing = user && user.role !== 'verifier' && mayUse(user.role, 'content');
        if (!editing || !(await brandImageInContent(app.db, key))) throw notFound('Image not found.');
      }
      const file = await app.files.open(key);
      if (!file) throw notFound('Image not found.');
      return reply
        .type('image/png')
        .header('content-length', file.size)
        .header('cache-control', published ? 'public, max-age=31536000, immutable' : 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
};

export default brandImagesRoutes;
