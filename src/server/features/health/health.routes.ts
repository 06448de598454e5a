import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { readiness } from './readiness.ts';

/** How long the health check waits for the database's answer before it asks why it is slow. */
const PING_PATIENCE_MS = 250;
/**
 * Longer than any commit here needs (an import of the most rows takes minutes): a connection or
 * PGlite's session held past it is stuck, and only a restart frees it.
 */
export const HELD_TOO_LONG_MS = 10 * 60_000;

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { config: { neverShed: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const busy = { status: 'ok', database: 'busy' } as const;
    if (app.database.heldForMs() > HELD_TOO_LONG_MS)
      throw new AppError(503, 'The database has been held by one task for too long.', 'UNAVAILABLE');
    // Alive and at work: asking the database would wait for the long transaction to end.
    if (app.database.heldBy) return busy;
    const ping = app.database.ping().then(
      () => 'answered' as const,
      () => 'failed' as const,
    );
    const patience = new Promise<'slow'>((resolve) => setTimeout(resolve, PING_PATIENCE_MS, 'slow'));
    const first = await Promise.race([ping, patience]);
    // Behind a surge's queries the ping would wait its turn: a load balancer must not read that as down.
    if (first === 'slow' && app.database.queriesWaiting() > 0) return busy;
    if ((first === 'slow' ? await ping : first) === 'failed')
      throw new AppError(503, 'The database is not answering.', 'UNAVAILABLE');
    return { status: 'ok' };
  });

  // For operators and load balancers: each service's state, by error code only.
  app.get('/api/health/ready', { config: { neverShed: true } }, async (_request, reply) => {
    if (app.lifecycle.draining)
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'draining' });
    if (app.database.heldBy)
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'busy' });
    const answer = await readiness(app);
    return reply
      .code(answer.status === 'down' ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(answer);
  });
};

export default fp(healthRoutes, { name: 'health-routes' });
