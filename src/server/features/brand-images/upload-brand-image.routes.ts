import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BRAND_IMAGE_MAX_BYTES, brandImageQuery, uploadedBrandImage } from '#shared/api/brand-images.ts';
import { AppError } from '../../errors.ts';
import { UploadRejected } from '../uploads/field-errors.ts';
import multipartUploads from '../uploads/multipart-uploads.ts';
import { readMultipartForm } from '../uploads/read-multipart-form.ts';
import { prepareBrandImage } from './prepare-brand-image.ts';

/**
 * A logo or signature for a content field (`field`, named in every refusal), stored and answered
 * with its address for the draft to hold. It is public only once a published version names it,
 * and an image no draft takes is swept after the orphan grace period.
 */
const uploadBrandImageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipartUploads);
  app.post(
    '/api/content-editor/images',
    {
      config: { role: 'content' },
      schema: { querystring: brandImageQuery, response: { 201: uploadedBrandImage } },
    },
    async (request, reply) => {
      const { field } = request.query;
      const label = `The image for ${field}`;
      const form = await readMultipartForm(request, [
        { name: 'image', label, kind: 'image', maxBytes: BRAND_IMAGE_MAX_BYTES },
      ]);
      const rejected = (status: number, message: string) =>
        new AppError(status, message, undefined, { [field]: message });
      try {
        form.errors.throwIfAny();
      } catch (error) {
        throw error instanceof AppError ? rejected(Number(error.statusCode), error.message) : error;
      }
      const data = form.files.get('image');
      if (!data) throw rejected(400, `${label} is missing: choose a file.`);
      try {
        const prepared = await prepareBrandImage(data, label);
        await app.files.put(prepared.key, prepared.png);
        return reply.code(201).send(prepared.image);
      } catch (error) {
        if (error instanceof UploadRejected) throw rejected(error.status, error.message);
        throw error;
      }
    },
  );
};

export default uploadBrandImageRoutes;
