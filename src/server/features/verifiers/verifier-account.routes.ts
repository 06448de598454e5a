import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifierAccount } from '#shared/api/verifiers.ts';
import { quotaUsedToday } from './quota.ts';
import { verifierOf } from './verifier-session.ts';

/** The verifier's own account: who it is, its quota and what is left of it today. */
const verifierAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/verifier/account',
    { config: { beforeTwoFactor: true }, schema: { response: { 200: verifierAccount } } },
    async (request) => {
      const verifier = verifierOf(request);
      return {
        companyName: verifier.companyName,
        contactName: verifier.contactName,
        email: verifier.email,
        purpose: verifier.purpose,
        dailyQuota: verifier.dailyQuota,
        usedToday: await quotaUsedToday(app.db, verifier.id),
        twoFactorEnabled: request.user?.twoFactorEnabled ?? false,
      };
    },
  );
};

export default verifierAccountRoutes;
