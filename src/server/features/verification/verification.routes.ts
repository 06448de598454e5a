import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '#shared/api/errors.ts';
import { verificationMessages, verifyInput, verifyResponse } from '#shared/api/verification.ts';
import { AppError, invalidInput, notFound } from '../../errors.ts';
import { toApiError } from '../../plugins/error-handler.ts';
import { perClientLimit } from '../../plugins/rate-limit.ts';
import { deriveSecret, resolveMasterSecret } from '../../secrets.ts';
import { prepareFindCertificateId } from './find-certificate-id.ts';
import { createProofOfWork } from './proof-of-work.ts';

/** The "no match" answer, in the shape the error handler gives every error. */
const noMatch = toApiError(notFound(verificationMessages.noMatch, 'NO_MATCH'));

const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimit, proofOfWork: powEnabled, proofOfWorkCost } = app.config.verification;
  const pow = createProofOfWork({
    secret: deriveSecret(resolveMasterSecret(app.config), 'altcha'),
    cost: proofOfWorkCost,
  });
  const findCertificateId = prepareFindCertificateId(app.database);

  app.get('/api/verify/challenge', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return pow.create();
  });

  app.post(
    '/api/verify',
    {
      config: { rateLimit: perClientLimit(rateLimit) },
      schema: { body: verifyInput, response: { 200: verifyResponse, 404: apiError } },
    },
    async (request, reply) => {
      const { finNumber, eCertNumber, altcha } = request.body;
      if (powEnabled) {
        if (!altcha)
          throw invalidInput(verificationMessages.proofRequired, {
            altcha: verificationMessages.proofRequired,
          });
        if (!(await pow.verify(altcha))) {
          throw new AppError(400, verificationMessages.proofRejected, 'INVALID_PROOF', {
            altcha: verificationMessages.proofRejected,
          });
        }
      }
      const id = await findCertificateId(finNumber, eCertNumber);
      // Sent, not thrown: half the answers at load are "no match", and an error costs a stack trace.
      if (!id) return reply.code(404).send(noMatch);
      return { id };
    },
  );
};

export default verificationRoutes;
