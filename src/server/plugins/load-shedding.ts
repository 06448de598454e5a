import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '#shared/api/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** API requests being served now: the load that shedding judges. */
    requestsInFlight(): number;
  }
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

/** One browser opens at most 6 connections to a host: below this, nobody is overloading us. */
export const MIN_IN_FLIGHT_TO_SHED = 8;

/** The window over which the event loop's delay and utilisation are judged. */
const SAMPLE_INTERVAL_MS = 1_000;

/**
 * Only the API and stored files are ever refused. The built client's assets, the page HTML and the
 * health check are cheap and always served, so a page never arrives without its scripts or styles.
 */
function mayShed(request: FastifyRequest): boolean {
  if (request.routeOptions.config.neverShed) return false;
  return request.url.startsWith('/api/') || request.url.startsWith('/files/');
}

function refuse(reply: FastifyReply) {
  reply.code(503).header('retry-after', '1').send(busy);
}

/**
 * Sheds load instead of queueing it: a new API request is answered 503 with `Retry-After` at once,
 * before its body is read, when
 * - `maxConcurrentRequests` requests are in flight (bounds the memory and database work held by
 *   slow clients and slow uploads), or
 * - more than `MIN_IN_FLIGHT_TO_SHED` are in flight and, over the last second, the event loop's mean
 *   delay passed `maxEventLoopLagMs` or it was busy more than `maxEventLoopUtilization` of the time
 *   (@fastify/under-pressure): the process has more work than CPU, and new connections would wait
 *   in the kernel for a loop that never catches up.
 * One slow query or a neighbour taking the CPU cannot refuse a lone visitor (docs/reliability.md §6).
 */
export default fp(
  async (app) => {
    const { maxConcurrentRequests, maxEventLoopLagMs, maxEventLoopUtilization } = app.config.loadShedding;
    let inFlight = 0;
    app.decorate('requestsInFlight', () => inFlight);

    app.addHook('onRequest', (request, reply, done) => {
      if (!mayShed(request)) return done();
      if (inFlight >= maxConcurrentRequests) return refuse(reply);
      inFlight += 1;
      // 'close' comes once the answer has gone or the client has gone, whichever is first.
      reply.raw.once('close', () => {
        inFlight -= 1;
      });
      done();
    });

    await app.register(underPressure, {
      sampleInterval: SAMPLE_INTERVAL_MS,
      maxEventLoopDelay: maxEventLoopLagMs,
      maxEventLoopUtilization,
      eventLoopUtilizationMode: 'interval',
      // Called only while under pressure; the request goes on unless it was refused here.
      pressureHandler: (request, reply) => {
        // This request is counted already; the others in flight are what it would queue behind.
        if (mayShed(request) && inFlight > MIN_IN_FLIGHT_TO_SHED) {
          refuse(reply);
        }
      },
    });
  },
  { name: 'load-shedding', dependencies: ['core'] },
);
