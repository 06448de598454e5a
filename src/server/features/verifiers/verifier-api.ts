import type { FastifyPluginAsync } from 'fastify';
import checksRoutes from './checks.routes.ts';
import { pruneCheckLogOnTimer } from './prune-timer.ts';
import verifierAccountRoutes from './verifier-account.routes.ts';
import { verifierSessionReader } from './verifier-session.ts';

/**
 * Every verifier-area endpoint lives inside this scope, and this ONE hook guards them all, as the
 * staff scope's does for staff: a verifier's session here, never a staff one.
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
  app.addHook('onRequest', async (request) => {
    const found = await verifierSession(request);
    request.user = found.user;
    request.verifier = found.verifier;
  });

  await app.register(verifierAccountRoutes);
  await app.register(checksRoutes);
};

export default verifierApi;
