import fp from 'fastify-plugin';
import type { ApiError } from '#shared/api/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Always served, however busy the server: the health check. */
    neverShed?: boolean;
  }
}

const busy: ApiError = {
  statusCode: 503,
  code: 'UNAVAILABLE',
  message: 'The service is busy right now. Please try again in a moment.',
};

/** How often the event loop's lag is measured. */
const LAG_SAMPLE_MS = 500;

/**
 * Sheds load instead of queueing it. A new request is answered 503 with `Retry-After` at once,
 * before its body is read, while either
 * - `maxConcurrentRequests` requests are already being served (bounds the memory and database work
 *   held by slow clients and slow uploads), or
 * - the event loop was late by more than `maxEventLoopLagMs` at the last sample: the process has
 *   more work than CPU, so new connections wait in the kernel for a loop that never catches up.
 *   Refusals last until the next sample, 500 ms later, that finds the loop on time. A limit of 0
 *   turns this off.
 *   Answering 503 costs a fraction of serving, so the loop drains and the requests it does take are
 *   served promptly (docs/reliability.md §6: without it, clients at twice the sustainable rate
 *   waited up to a minute and then failed to connect).
 * Routes with `config.neverShed` are always served: the health check, since a busy server is alive
 * and a load balancer should not drop it.
 */
export default fp(
  async (app) => {
    const { maxConcurrentRequests, maxEventLoopLagMs } = app.config.loadShedding;
    let inFlight = 0;
    let lagging = false;
    if (maxEventLoopLagMs > 0) {
      let expected = performance.now() + LAG_SAMPLE_MS;
      const sampler = setInterval(() => {
        const now = performance.now();
        lagging = now - expected > maxEventLoopLagMs;
        expected = now + LAG_SAMPLE_MS;
      }, LAG_SAMPLE_MS).unref();
      app.addHook('onClose', async () => clearInterval(sampler));
    }

    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.neverShed) return done();
      if (lagging || inFlight >= maxConcurrentRequests) {
        reply.code(503).header('retry-after', '1').send(busy);
        return;
      }
      inFlight += 1;
      // 'close' comes once the answer has gone or the client has gone, whichever is first.
      reply.raw.once('close', () => {
        inFlight -= 1;
      });
      done();
    });
  },
  { name: 'load-shedding', dependencies: ['core'] },
);
