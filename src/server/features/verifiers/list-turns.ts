declare module 'fastify' {
  interface FastifyInstance {
    /** Verifier lists taking their turn on this server (checks.routes.ts). */
    verifierLists: ListTurns;
  }
}

/** Lists wait at most this long for their turn, so one answered stays within its two seconds. */
export const LIST_TURN_WAIT_MS = 1000;

/**
 * Lists take their turn, one at a time on this server, so the public verification never waits
 * behind several at once: a list has two seconds, a visitor at the public page should not wait at
 * all. Lists wait in the order they came, each up to `maxWaitMs`; one that would wait longer is
 * told to come back (null), as the overload rule tells a client it cannot serve in good time.
 */
export class ListTurns {
  private taken = false;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly maxWaitMs: number) {}

  /** Lists being checked (0 or 1) and waiting their turn. */
  counts() {
    return { checking: this.taken ? 1 : 0, waiting: this.queue.length };
  }

  /** Resolves with the function that ends this turn once it starts, or with null after `maxWaitMs`. */
  take(): Promise<(() => void) | null> {
    if (!this.taken) {
      this.taken = true;
      return Promise.resolve(this.ender());
    }
    return new Promise((resolve) => {
      const start = () => {
        clearTimeout(timer);
        resolve(this.ender());
      };
      const timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(start), 1);
        resolve(null);
      }, this.maxWaitMs);
      this.queue.push(start);
    });
  }

  /** Ends the turn once however often it is called, and starts the next list's. */
  private ender() {
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = this.queue.shift();
      if (next) next();
      else this.taken = false;
    };
  }
}
