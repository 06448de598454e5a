import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_DAILY_QUOTA, verifierApplicationInput } from '#shared/api/verifiers.ts';
import { verifier } from '../../db/schema/index.ts';
import { perClientLimit } from '../../plugins/rate-limit.ts';

/**
 * The public application for a verifier account. The answer is the same whatever is already on
 * file, so it tells nobody which organisations have applied.
 */
const verifierApplicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/verifier-applications',
    {
      // An application is written for staff to read, like a contact message: the same budget.
      config: { rateLimit: perClientLimit(app.config.contactRateLimit) },
      schema: { body: verifierApplicationInput },
    },
    async (request, reply) => {
      await app.db.insert(verifier).values({ ...request.body, dailyQuota: DEFAULT_DAILY_QUOTA });
      return reply.code(201).send({ status: 'pending' });
    },
  );
};

export default verifierApplicationsRoutes;
