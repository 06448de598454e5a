import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { MIN_BACKLOG_TO_SHED } from '../../plugins/load-shedding.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifier lists taking their turn on this server (checks.routes.ts). */
    verifierLists: ListTurns;
  }
}

/** Lists wait at most this long for their turn, so one answered stays within its two seconds. */
export const LIST_TURN_WAIT_MS = 1000;
/** How long the loop is watched before a list starts: a few dozen of the public page's answers. */
const ROOM_WATCHED_MS = 20;
/**
 * A list starts only when the loop was busy for less than this share of that time. Answering a
 * crowd keeps it busy 98-100 % of the time; a steady 1,000 verifications a second, 20-60 %.
 */
const ROOM_BELOW_BUSY_SHARE = 0.6;

/**
 * Lists take their turn, one at a time on this server, and only when the server has room: a list
 * has two seconds, a visitor at the public page should not wait at all. A list's work shares the
 * cores every answer needs, so while a crowd is being answered, lists wait for it to pass
 * rather than take the cores from it. Lists wait in the order they came, each up to `maxWaitMs`;
 * one that would wait longer is told to come back (null), as the overload rule tells a client it
 * cannot serve in good time.
 */
export class ListTurns {
  private taken = false;
  private readonly queue: (() => void)[] = [];

  /** `requestsInFlight`: the API requests being served, the lists waiting for a turn among them. */
  constructor(
    private readonly maxWaitMs: number,
    private readonly requestsInFlight: () => number = () => 0,
  ) {}

  /**
   * Whether a crowd was being answered while the loop was `watched`: the loop busy most of that
   * time, or, when the database is what the answers wait for, more of them in flight than one
   * visitor's browser sends.
   */
  private busy(watched: EventLoopUtilization) {
    const loopBusy = performance.eventLoopUtilization(watched).utilization >= ROOM_BELOW_BUSY_SHARE;
    return loopBusy || this.requestsInFlight() - this.queue.length > MIN_BACKLOG_TO_SHED;
  }

  /** Lists being checked (0 or 1) and waiting their turn. */
  counts() {
    return { checking: this.taken ? 1 : 0, waiting: this.queue.length };
  }

  /** Resolves with the function that ends this turn once it starts, or with null after `maxWaitMs`. */
  take(): Promise<(() => void) | null> {
    return new Promise((resolve) => {
      let recheck: NodeJS.Timeout | undefined;
      /** The first list waiting watches the loop, then starts if the server had room. */
      const lookForRoom = () => {
        const watched = performance.eventLoopUtilization();
        recheck = setTimeout(() => {
          if (this.busy(watched)) return lookForRoom();
          clearTimeout(giveUp);
          this.queue.shift();
          this.taken = true;
          resolve(this.ender());
        }, ROOM_WATCHED_MS);
      };
      const giveUp = setTimeout(() => {
        clearTimeout(recheck);
        const place = this.queue.indexOf(lookForRoom);
        this.queue.splice(place, 1);
        if (place === 0 && !this.taken) this.queue[0]?.();
        resolve(null);
      }, this.maxWaitMs);
      this.queue.push(lookForRoom);
      if (!this.taken && this.queue.length === 1) lookForRoom();
    });
  }

  /** Ends the turn once however often it is called; the first list waiting then tries for it. */
  private ender() {
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.taken = false;
      this.queue[0]?.();
    };
  }
}
