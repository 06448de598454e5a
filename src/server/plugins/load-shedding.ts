import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '#shared/api/errors.ts';

/*
 * THE OVERLOAD RULE. The server refuses by lateness, not by busyness: one answering at full
 * throughput in good time is busy all the time and refuses nothing. A new API request (or stored
 * file) gets 503 with `Retry-After: 1` at once, before its body is read, when
 *
 * 1. `maxConcurrentRequests` requests are in flight: a bound on the memory slow clients hold;
 * 2. the event loop is late: requests read now waited over `maxRequestWaitMs` for the loop to read
 *    them (it worked through a backlog without turning), and more than MIN_BACKLOG_TO_SHED are in
 *    flight or were read in this turn;
 * 3. the process is late: more than MIN_BACKLOG_TO_SHED requests have waited over
 *    `maxRequestWaitMs` for their answer to start (the database, its pool, PGlite's one session);
 * 4. its answer is costly (`costlyAnswer`: staff lists, searches, exports) and at the rate answers
 *    start it would wait over `maxRequestWaitMs` behind the queue already admitted (Little's law).
 *    Rule 3 alone admits a crowd until its oldest are late, and its last then wait seconds. Cheap
 *    answers are left to rules 1-3: refusing one costs a third to a half of answering it, and
 *    refusing a surge's excess at that price would take the whole CPU.
 *
 * Never refused: pages, the client's assets and routes marked `neverShed` (health, metrics), so a
 * page never arrives without its scripts; nor a lone visitor, whose browser opens at most six
 * connections, fewer than MIN_BACKLOG_TO_SHED, however slow a query or busy a neighbour.
 * A refused client waits `Retry-After` before asking again (client/lib/retry-when-busy.ts).
 * Database work lets the loop turn after each millisecond of it (db/loop-turns.ts), so a backlog
 * shows here as lateness rather than as a loop that never reads. Thresholds and measurements:
 * docs/decisions/0017-load-shedding-by-lateness.md.
 */

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
    /** Always served, however busy the server: the health check, the metrics. */
    neverShed?: boolean;
    /** Its answer reads many rows, milliseconds of work: refused early, by rule 4. */
    costlyAnswer?: boolean;
  }
}

/** One browser opens at most 6 connections to a host: below this, nobody is overloading us. */
export const MIN_BACKLOG_TO_SHED = 8;
/** How long a refused client is asked to wait before it tries again. */
const RETRY_AFTER_SECONDS = 1;
/** Past this, a refused request's body is not worth reading just to keep its connection. */
const DRAIN_LIMIT_BYTES = 64 * 1024;
/** How often the refusals of the last while are logged, as one line. */
const REFUSALS_LOGGED_EVERY_MS = 10_000;
/** How often the loop is asked to show it is free; idle, it costs a hundred wake-ups a second. */
const LOOP_TICK_MS = 10;
/** Rule 4 reads the answer rate over this span once a queue has stood as long. */
export const ANSWER_RATE_SPAN_MS = 500;
/** How long the rate read on a queue that stood speaks for a new one. */
export const ANSWER_RATE_REMEMBERED_MS = 60_000;

/** The refusal of a server too busy to answer in good time, whatever turned the request away. */
export const busyRefusal: ApiError = {
  statusCode: 503,
  code: 'UNAVAILABLE',
  message: 'The service is busy right now. Please try again in a moment.',
};
const BUSY_BODY = JSON.stringify(busyRefusal);
const BUSY_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(Buffer.byteLength(BUSY_BODY)),
  'retry-after': String(RETRY_AFTER_SECONDS),
  'x-content-type-options': 'nosniff',
};

/** Only the API and stored files are ever refused, judged by the route that matched. */
function mayShed(request: FastifyRequest): boolean {
  const { url, config } = request.routeOptions;
  if (!url || config.neverShed) return false;
  return url.startsWith('/api/') || url.startsWith('/files/');
}

/**
 * An upload's body arrives at its client's pace, and a PDF sent to the checker waits in a bounded
 * queue of its own (pdf-reader-pool.ts): their ages say nothing about how late we are.
 */
const isUpload = (request: FastifyRequest) =>
  /^(multipart\/|application\/pdf)/i.test(request.headers['content-type'] ?? '');

/**
 * Written to the socket as it stands, past Fastify's serialising and sending hooks: refusing must
 * cost far less than answering. Node reads and drops a small unread body so the connection stays
 * open for the client's next request; a large or unmeasured one gets `Connection: close`.
 */
function refuse(request: FastifyRequest, reply: FastifyReply) {
  const length = Number(request.headers['content-length'] ?? 0);
  const closing = request.headers['transfer-encoding'] !== undefined || length > DRAIN_LIMIT_BYTES;
  request.shed = true;
  reply.hijack();
  reply.raw.writeHead(503, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    ...BUSY_HEADERS,
    ...(closing ? { connection: 'close' } : {}),
  });
  reply.raw.end(BUSY_BODY);
}

/**
 * Rule 2's measure. A timer ticks whenever the loop is free; a request read now arrived at the
 * earliest after the loop last looked for input, before the previous tick, so it has waited up to
 * `now - previous tick` in the kernel. A mean of timer delays would count a 3 s turn as one sample
 * among a hundred short ones.
 */
function watchLoopLateness() {
  let lastTick = performance.now();
  let previousTick = lastTick;
  let readThisTurn = 0;
  let endOfTurnAsked = false;
  const timer = setInterval(() => {
    previousTick = lastTick;
    lastTick = performance.now();
    readThisTurn = 0;
  }, LOOP_TICK_MS);
  timer.unref();
  return {
    read() {
      readThisTurn += 1;
      // The count ends with the turn: a request read just after a backlog is not part of it.
      if (endOfTurnAsked) return;
      endOfTurnAsked = true;
      setImmediate(() => {
        readThisTurn = 0;
        endOfTurnAsked = false;
      });
    },
    readThisTurn: () => readThisTurn,
    lateness: (now: number) => now - previousTick,
    stop: () => clearInterval(timer),
  };
}

/**
 * Events a second, counted in two halves of `spanMs` (the one under way and the one before) and
 * divided by the time they cover, so it reads the same just after a half begins as before it ends.
 */
export function watchRate(spanMs: number, startedAt = performance.now()) {
  const halfMs = spanMs / 2;
  let currentSince = startedAt;
  let current = 0;
  let previous = 0;
  const moveTo = (now: number) => {
    const halvesPassed = Math.floor((now - currentSince) / halfMs);
    if (halvesPassed < 1) return;
    previous = halvesPassed === 1 ? current : 0;
    current = 0;
    currentSince += halvesPassed * halfMs;
  };
  return {
    count(now: number) {
      moveTo(now);
      current += 1;
    },
    perSecond(now: number) {
      moveTo(now);
      return ((previous + current) * 1000) / (halfMs + now - currentSince);
    },
  };
}

/**
 * Rules 3 and 4's measure: requests from their first byte until their answer starts, in arrival
 * order, and how fast answers start. A request whose client went leaves when its connection closes.
 */
export class WaitingRequests<Key> {
  // A Map iterates in insertion order, which is arrival order: the oldest come first.
  private readonly since = new Map<Key, number>();
  private formedAt = 0;
  private answeredSinceFormed = 0;
  private readonly answers: ReturnType<typeof watchRate>;
  private stoodRate = 0;
  private stoodAt = Number.NEGATIVE_INFINITY;

  constructor(startedAt = performance.now()) {
    this.answers = watchRate(ANSWER_RATE_SPAN_MS, startedAt);
  }

  add(key: Key, now: number) {
    if (this.since.size === 0) {
      this.formedAt = now;
      this.answeredSinceFormed = 0;
    }
    this.since.set(key, now);
  }

  /** Its answer starts. Whether it was waiting. */
  answered(key: Key, now: number): boolean {
    if (!this.since.delete(key)) return false;
    this.answeredSinceFormed += 1;
    this.answers.count(now);
    return true;
  }

  /** It leaves unanswered (its client went). */
  remove(key: Key) {
    this.since.delete(key);
  }

  get size() {
    return this.since.size;
  }

  /** How long some request has been waiting without a break: since the queue last formed. */
  formedFor(now: number) {
    return this.since.size === 0 ? 0 : now - this.formedAt;
  }

  /** Whether more than `count` requests have waited longer than `ms`; looks at `count + 1` at most. */
  moreThanWaitedLonger(count: number, ms: number, now: number): boolean {
    let late = 0;
    for (const started of this.since.values()) {
      if (now - started <= ms) return false;
      late += 1;
      if (late > count) return true;
    }
    return false;
  }

  /**
   * The rate answers start at. A queue that has stood for the span is read over the span. A newer
   * one by its own answers, not the quiet before it, but no lower than the rate of the last queue
   * that stood within a minute: a crowd's requests go through their queries together, so a new
   * queue's first answers come late and a server busy a moment ago would look many times slower.
   */
  answersPerSecond(now: number) {
    if (this.formedFor(now) >= ANSWER_RATE_SPAN_MS) {
      this.stoodRate = this.answers.perSecond(now);
      this.stoodAt = now;
      return this.stoodRate;
    }
    const ownRate = (this.answeredSinceFormed * 1000) / Math.max(1, this.formedFor(now));
    const remembered = now - this.stoodAt <= ANSWER_RATE_REMEMBERED_MS ? this.stoodRate : 0;
    return Math.max(ownRate, remembered);
  }
}

/**
 * Rule 4: whether a newcomer would wait over `maxRequestWaitMs` behind the queue, at the rate
 * answers start. Judged once the queue has stood for half the limit, long enough to read the rate;
 * not by its oldest request's age, which starts again each time a wave of answers goes out.
 */
export function queueWouldMakeLate(waiting: WaitingRequests<unknown>, now: number, maxRequestWaitMs: number) {
  return (
    waiting.size > MIN_BACKLOG_TO_SHED &&
    waiting.formedFor(now) > maxRequestWaitMs / 2 &&
    waiting.size > (waiting.answersPerSecond(now) * maxRequestWaitMs) / 1000
  );
}

export default fp(
  async (app) => {
    const { maxConcurrentRequests, maxRequestWaitMs } = app.config.loadShedding;
    const loop = watchLoopLateness();
    const waiting = new WaitingRequests<FastifyRequest>();
    let inFlight = 0;
    app.decorate('requestsInFlight', () => inFlight);
    app.decorateRequest('shed', false);

    const isLate = (now: number, costly: boolean) =>
      maxRequestWaitMs > 0 &&
      (((inFlight > MIN_BACKLOG_TO_SHED || loop.readThisTurn() > MIN_BACKLOG_TO_SHED) &&
        loop.lateness(now) > maxRequestWaitMs) ||
        waiting.moreThanWaitedLonger(MIN_BACKLOG_TO_SHED, maxRequestWaitMs, now) ||
        (costly && queueWouldMakeLate(waiting, now, maxRequestWaitMs)));

    let refused = 0;
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

    app.addHook('onRequest', (request, reply, done) => {
      if (!mayShed(request)) return done();
      loop.read();
      const now = performance.now();
      const costly = request.routeOptions.config.costlyAnswer === true;
      if (inFlight >= maxConcurrentRequests || isLate(now, costly)) {
        refused += 1;
        return refuse(request, reply);
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
      waiting.answered(request, performance.now());
      done(null, payload);
    });
  },
  { name: 'load-shedding', dependencies: ['core'] },
);
