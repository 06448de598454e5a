import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { walletClaim, walletClaimInput } from '#shared/api/wallet.ts';
import { isRecordId } from '#shared/rules/record-id.ts';
import { notFound } from '../../errors.ts';
import { limitBy, perClientLimit } from '../../plugins/rate-limit.ts';
import { answerExchange, openExchange } from './answer-exchange.ts';
import { exchangeUrl, interactionUrl } from './exchange-urls.ts';
import { startWalletClaim } from './start-wallet-claim.ts';

const idParams = z.object({ id: z.string().max(100) });
const uuidOf = (id: string, missing: string) => {
  if (!isRecordId(id)) throw notFound(missing);
  return id.toLowerCase();
};
const NO_LINK = 'This wallet link is not known. Open "Add to wallet" on the record page for a new one.';

/**
 * Guesses at one record's passport number, from however many clients: a handful an hour lets a
 * holder mistype, and makes the holder's own number the only one worth trying.
 */
const CLAIMS_PER_RECORD = { max: 5, timeWindow: 60 * 60_000 };

/** "Add to wallet": the holder's claim, then the VC-API exchange the wallet walks through. */
const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const perRecord = limitBy(app, {
    ...CLAIMS_PER_RECORD,
    keyGenerator: (request) => `wallet-claim:${String((request.params as { id?: string }).id).toLowerCase()}`,
  });

  app.post(
    '/api/certificates/:id/wallet-claims',
    {
      // A guess at a passport number costs what a verification attempt costs, from the same budget.
      onRequest: app.verificationLimit,
      preHandler: perRecord,
      schema: { params: idParams, body: walletClaimInput, response: { 201: walletClaim } },
    },
    async (request, reply) => {
      const id = uuidOf(request.params.id, 'No data to display.');
      const claim = await startWalletClaim(app, id, request.body.passportNumber);
      return reply.code(201).header('cache-control', 'no-store').send(claim);
    },
  );

  // What a wallet reads first: which protocols this interaction speaks (only VC-API here).
  app.get('/api/wallet/interactions/:id', { schema: { params: idParams } }, async (request, reply) => {
    const id = uuidOf(request.params.id, NO_LINK);
    await openExchange(app, id);
    reply.header('cache-control', 'no-store');
    return { protocols: { vcapi: exchangeUrl(app.config.publicUrl, id) } };
  });

  // A PNG, as the record's own QR code: the wallet scans the interaction URL from the holder's screen.
  app.get('/api/wallet/interactions/:id/qr.png', { schema: { params: idParams } }, async (request, reply) => {
    const id = uuidOf(request.params.id, NO_LINK);
    await openExchange(app, id);
    const png = await QRCode.toBuffer(interactionUrl(app.config.publicUrl, id), {
      type: 'png',
      margin: 1,
      scale: 6,
      errorCorrectionLevel: 'M',
    });
    return reply.type('image/png').header('cache-control', 'no-store').send(png);
  });

  app.post(
    '/api/wallet/exchanges/:id',
    {
      bodyLimit: 64 * 1024,
      // Each presentation costs a signature check, like a credential sent to the checker.
      config: { rateLimit: perClientLimit(app.config.credentialVerifyRateLimit) },
      schema: { params: idParams, body: z.object({ verifiablePresentation: z.unknown().optional() }) },
    },
    async (request, reply) => {
      const id = uuidOf(request.params.id, NO_LINK);
      reply.header('cache-control', 'no-store');
      return answerExchange(app, id, request.body.verifiablePresentation);
    },
  );
};

export default walletRoutes;
