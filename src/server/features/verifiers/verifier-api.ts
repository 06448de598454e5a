import type { FastifyPluginAsync } from 'fastify';
import { bearerKey } from '../api-keys/key-secret.ts';
import { verifierKeyAuthenticator } from './authenticate-verifier-key.ts';
import checksRoutes from './checks.routes.ts';
import { pruneCheckLogOnTimer } from './prune-timer.ts';
import verifierAccountRoutes from './verifier-account.routes.ts';
import verifierKeysRoutes from './verifier-keys.routes.ts';
import { verifierReportPdfRoutes } from './verifier-reports.ts';
import { verifierSessionReader } from './verifier-session.ts';

/**
 * Every verifier-area endpoint lives inside this scope, and this ONE hook guards them all, as the
 * staff scope's does for staff: a verifier's session here, never a staff one, or a verifier API key
 * on the routes that check (auth/verifier-key-access.ts).
 */
const verifierApi: FastifyPluginAsync = async (app) => {
  app.decorateRequest('verifier', null);
  pruneCheckLogOnTimer(app);
  // Answers name holders and the verifier's own work: no browser or proxy keeps one.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  const verifierSession = verifierSessionReader(app);
  const authenticateKey = verifierKeyAuthenticator(app);
  app.addHook('onRequest', async (request, reply) => {
    const key = bearerKey(request.headers.authorization);
    if (key) {
      request.verifier = await authenticateKey(request, reply, key);
      return;
    }
    const found = await verifierSession(request);
    request.user = found.user;
    request.verifier = found.verifier;
  });

  await app.register(verifierAccountRoutes);
  await app.register(checksRoutes);
  await app.register(verifierKeysRoutes);
  await app.register(verifierReportPdfRoutes);
};

export default verifierApi;
