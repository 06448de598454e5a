import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackInput } from '#shared/api/feedback.ts';
import { feedback } from '../../db/schema/index.ts';
import { perClientLimit } from '../../plugins/rate-limit.ts';

const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/feedback',
    { config: { rateLimit: perClientLimit(app.config.contactRateLimit) }, schema: { body: feedbackInput } },
    async (request, reply) => {
      const { rating, comment, page } = request.body;
      await app.db.insert(feedback).values({ rating, comment: comment || null, page: page ?? null });
      return reply.code(201).send({ status: 'received' });
    },
  );
};

export default feedbackRoutes;
