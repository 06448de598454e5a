import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  verificationCodes,
  verificationMessages,
  verifyInput,
  verifyResponse,
} from '#shared/api/verification.ts';
import { AppError, notFound } from '../../errors.ts';
import { deriveSecret, resolveMasterSecret } from '../../secrets.ts';
import { prepareFindCertificateId } from './find-certificate-id.ts';
import { createProofOfWork } from './proof-of-work.ts';

const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { proofOfWork: powEnabled, proofOfWorkCost } = app.config.verification;
  const pow = createProofOfWork({
    secret: deriveSecret(resolveMasterSecret(app.config), 'altcha'),
    cost: proofOfWorkCost,
    redis: app.redis,
  });
  const findCertificateId = prepareFindCertificateId(app.database);

  app.get('/api/verify/challenge', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return pow.create();
  });

  app.post(
    '/api/verify',
    {
      onRequest: app.verificationLimit,
      schema: { body: verifyInput, response: { 200: verifyResponse } },
    },
    async (request) => {
      const { finNumber, eCertNumber, altcha } = request.body;
      if (powEnabled) {
        if (!altcha)
          throw new AppError(400, verificationMessages.proofRequired, verificationCodes.proofRequired, {
            altcha: verificationMessages.proofRequired,
          });
        if (!(await pow.verify(altcha))) {
          throw new AppError(400, verificationMessages.proofRejected, verificationCodes.proofRejected, {
            altcha: verificationMessages.proofRejected,
          });
        }
      }
      const id = await findCertificateId(finNumber, eCertNumber);
      if (!id) throw notFound(verificationMessages.noMatch, verificationCodes.noMatch);
      return { id };
    },
  );
};

export default verificationRoutes;
