import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifierAccount } from '#shared/api/verifiers.ts';
import { AppError } from '../../errors.ts';
import { quotaUsedToday } from './quota.ts';

/** The verifier's own account: who it is, its quota and what is left of it today. */
const verifierAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/verifier/account',
    { config: { beforeTwoFactor: true }, schema: { response: { 200: verifierAccount } } },
    async (request) => {
      const { verifier, user } = request;
      if (!verifier || !user) throw new AppError(401, 'Please sign in to continue.', 'UNAUTHENTICATED');
      return {
        companyName: verifier.companyName,
        contactName: verifier.contactName,
        email: verifier.email,
        purpose: verifier.purpose,
        dailyQuota: verifier.dailyQuota,
        usedToday: await quotaUsedToday(app.db, verifier.id),
        twoFactorEnabled: user.twoFactorEnabled,
      };
    },
  );
};

export default verifierAccountRoutes;
