import type { OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '#shared/api/errors.ts';
import { watchAnswerCapacity, watchAnswerRate } from './answer-rate.ts';
import { watchRate } from './event-rate.ts';
import { watchLoopLateness } from './loop-lateness.ts';
import { WaitingRequests } from './waiting-requests.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** API requests being served now. */
    requestsInFlight(): number;
  }
  interface FastifyRequest {
    /** Refused by load shedding: counted in the metrics and a periodic log line, not one line each. */
    shed: boolean;
  }
  interface FastifyContextConfig {
    /** Always served, however busy the server: the health check. */
    neverShed?: boolean;
    /**
     * Its answer reads many rows (a staff list, a search, an export): milliseconds of work against
     * the tens of microseconds a refusal costs, so it is refused early, behind a queue that would
     * make it late.
     */
    costlyAnswer?: boolean;
  }
}

const busy: ApiError = {
  statusCode: 503,
  code: 'UNAVAILABLE',
  message: 'The service is busy right now. Please try again in a moment.',
};
const BUSY_BODY = JSON.stringify(busy);
/** How long a refused client is asked to wait before it tries again. */
const RETRY_AFTER_MS = 1000;
/**
 * Refusals run past this many times the answers only when refused clients come straight back: a
 * crowd of new visitors at k times what the server answers is refused about k - 1 times per answer.
 */
export const REFUSALS_PER_ANSWER_BEFORE_HOLDING = 8;
/** Below this many refusals a second, refusing costs too little to be worth holding anyone. */
export const REFUSALS_A_SECOND_BEFORE_HOLDING = 1_000;
/** Holding is judged on rates over seconds: answers come in bursts, and a crowd's first moments too. */
const HOLDING_JUDGED_OVER_MS = 2_000;
const BUSY_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(BUSY_BODY)),
  'retry-after': String(RETRY_AFTER_MS / 1000),
  'x-content-type-options': 'nosniff',
};

/** How often the refusals of the last while are logged, as one line. */
const REFUSALS_LOGGED_EVERY_MS = 10_000;

/** One browser opens at most 6 connections to a host: below this, nobody is overloading us. */
export const MIN_BACKLOG_TO_SHED = 8;

/**
 * Only the API and stored files are ever refused, judged by the route that matched. The built
 * client's assets, the page HTML and the health check are cheap and always served, so a page never
 * arrives without its scripts or styles.
 */
function mayShed(request: FastifyRequest): boolean {
  const { url, config } = request.routeOptions;
  if (!url || config.neverShed) return false;
  return url.startsWith('/api/') || url.startsWith('/files/');
}

/**
 * An upload's body arrives at its client's pace, and a PDF sent to the checker then waits for a
 * reader in a bounded queue of its own (pdf-reader-pool.ts): their ages say nothing about how
 * late we are.
 */
const isUpload = (request: FastifyRequest) =>
  /^(multipart\/|application\/pdf)/i.test(request.headers['content-type'] ?? '');

/** Past this, a refused request's body is not worth reading just to keep its connection. */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/**
 * A refusal comes before the body is read. Node reads and drops a small rest so the connection
 * stays open for the next request (closing it would make each refused client connect again); a
 * large or unmeasured body gets `Connection: close` instead, so nothing is sent behind it.
 * The answer is written as it stands, past Fastify's serialising and sending hooks: refusing must
 * cost far less than answering, or a surge is refused at the price of serving it.
 * A refusal may be held `delayMs` (refusalDelay); a client that goes meanwhile frees its timer.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, delayMs: number) {
  const length = Number(request.headers['content-length'] ?? 0);
  const closing = request.headers['transfer-encoding'] !== undefined || length > DRAIN_LIMIT_BYTES;
  request.shed = true;
  reply.hijack();
  const send = () => {
    reply.raw.writeHead(503, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      ...BUSY_HEADERS,
      ...(closing ? { connection: 'close' } : {}),
    });
    reply.raw.end(BUSY_BODY);
  };
  if (delayMs === 0) return send();
  const held = setTimeout(send, delayMs);
  reply.raw.once('close', () => clearTimeout(held));
}

/**
 * How long to hold a refusal. While refusals run many times over the answers the server can give
 * (watchAnswerCapacity) and over REFUSALS_A_SECOND_BEFORE_HOLDING, a client that asks again on the
 * same connection before `Retry-After` has passed since its last refusal gets its next one only
 * once it has: clients that ignore `Retry-After` and come back at once would otherwise keep the CPU
 * busy refusing them, and the answers would stop. Otherwise nothing is held: a proxy sends many
 * visitors' requests on one connection, and holding it would hold them all; browsers wait as told
 * anyway.
 */
export function refusalDelay(
  lastRefusal: number | undefined,
  now: number,
  rates: { refusalsPerSecond: number; answersPerSecond: number },
) {
  const { refusalsPerSecond, answersPerSecond } = rates;
  const rushing =
    refusalsPerSecond > REFUSALS_A_SECOND_BEFORE_HOLDING &&
    refusalsPerSecond > answersPerSecond * REFUSALS_PER_ANSWER_BEFORE_HOLDING;
  if (lastRefusal === undefined || !rushing) return 0;
  return Math.max(0, lastRefusal + RETRY_AFTER_MS - now);
}

/**
 * Whether a newcomer would wait over `maxRequestWaitMs` behind the requests waiting now, at the rate
 * answers start (Little's law). Judged once the queue has stood for half of that, long enough to
 * measure the rate: not on the age of its oldest request, which starts again whenever the requests
 * ahead are answered, and would let in everyone who comes in the next moment.
 */
export function queueWouldMakeLate(
  waiting: WaitingRequests<unknown>,
  now: number,
  limits: { maxRequestWaitMs: number; answersPerSecond: number },
) {
  const { maxRequestWaitMs, answersPerSecond } = limits;
  return (
    waiting.size > MIN_BACKLOG_TO_SHED &&
    waiting.formedFor(now) > maxRequestWaitMs / 2 &&
    waiting.size > (answersPerSecond * maxRequestWaitMs) / 1000
  );
}

/**
 * Sheds load by lateness, not by busyness: a new API request is answered 503 with `Retry-After` at
 * once, before its body is read, when
 * - `maxConcurrentRequests` requests are in flight (bounds the memory held by slow clients), or
 * - more than `MIN_BACKLOG_TO_SHED` requests are in flight or were read in this turn of the event
 *   loop, and requests read now have waited over `maxRequestWaitMs` for the loop (it is working
 *   through a backlog that arrived while it was busy), or
 * - more than `MIN_BACKLOG_TO_SHED` requests have waited over `maxRequestWaitMs` for their answer to
 *   start (a queue inside the process: the database, its pool, PGlite's one connection), or
 * - its route's answer is costly (`costlyAnswer`), more than `MIN_BACKLOG_TO_SHED` are waiting in
 *   a queue that has stood for half of `maxRequestWaitMs`, and at the rate answers start a newcomer
 *   would wait over `maxRequestWaitMs` behind them (queueWouldMakeLate; the rate as answer-rate.ts
 *   reads it for a queue that stood or a new one): a queue admitted keeps its last late
 *   however soon the newest are refused. Cheap answers are left to the rules above:
 *   refusing one costs a third to a half of answering it, and refusing a surge's excess at that
 *   price would take the whole CPU.
 * A server answering at full throughput in good time is busy all the time, and refuses nothing.
 * One slow query or a neighbour taking the CPU cannot refuse a lone visitor (docs/reliability.md §6).
 * Choice of rule and threshold: docs/decisions/0017-load-shedding-by-lateness.md.
 */
export default fp(
  async (app) => {
    const { maxConcurrentRequests, maxRequestWaitMs } = app.config.loadShedding;
    const loop = watchLoopLateness();
    const waiting = new WaitingRequests<FastifyRequest>();
    const answers = watchAnswerRate();
    const capacity = watchAnswerCapacity(HOLDING_JUDGED_OVER_MS);
    const refusals = watchRate(HOLDING_JUDGED_OVER_MS);
    const refusedAt = new WeakMap<Socket, number>();
    let inFlight = 0;
    let refused = 0;
    app.decorate('requestsInFlight', () => inFlight);
    app.decorateRequest('shed', false);
    let countingSince = performance.now();
    const logRefusals = () => {
      const now = performance.now();
      if (refused > 0) {
        const seconds = Math.round((now - countingSince) / 1000);
        app.log.warn({ refused, seconds }, 'busy: requests refused');
      }
      refused = 0;
      countingSince = now;
    };
    const refusalsLog = setInterval(logRefusals, REFUSALS_LOGGED_EVERY_MS);
    refusalsLog.unref();
    app.addHook('onClose', async () => {
      loop.stop();
      clearInterval(refusalsLog);
      logRefusals();
    });

    const loopLate = (now: number) =>
      (inFlight > MIN_BACKLOG_TO_SHED || loop.readThisTurn() > MIN_BACKLOG_TO_SHED) &&
      loop.lateness(now) > maxRequestWaitMs;
    const late = (now: number, costly: boolean) =>
      maxRequestWaitMs > 0 &&
      (loopLate(now) ||
        waiting.moreThanWaitedLonger(MIN_BACKLOG_TO_SHED, maxRequestWaitMs, now) ||
        (costly &&
          queueWouldMakeLate(waiting, now, {
            maxRequestWaitMs,
            answersPerSecond: answers.perSecond(waiting, now),
          })));

    app.addHook('onRequest', (request, reply, done) => {
      if (!mayShed(request)) return done();
      loop.read();
      const now = performance.now();
      if (inFlight >= maxConcurrentRequests || late(now, request.routeOptions.config.costlyAnswer === true)) {
        refused += 1;
        refusals.count(now);
        const delayMs = refusalDelay(refusedAt.get(request.socket), now, {
          refusalsPerSecond: refusals.perSecond(now),
          answersPerSecond: capacity.perSecond(now),
        });
        refusedAt.set(request.socket, now + delayMs);
        return refuse(request, reply, delayMs);
      }
      inFlight += 1;
      if (!isUpload(request)) waiting.add(request, now);
      // 'close' comes once the answer has gone or the client has gone, whichever is first.
      reply.raw.once('close', () => {
        inFlight -= 1;
        waiting.remove(request);
      });
      done();
    });

    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!waiting.answered(request)) return done(null, payload);
      const now = performance.now();
      answers.count(now);
      capacity.count(now);
      done(null, payload);
    });
  },
  { name: 'load-shedding', dependencies: ['core'] },
);
