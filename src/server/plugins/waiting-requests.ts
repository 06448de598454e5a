/**
 * Requests from their first byte until their answer starts, in the order they came. Their age is
 * how late the server is inside the process: waiting for the database, its pool or the event loop.
 * A request whose answer never starts (its client went) leaves when its connection closes.
 */
export class WaitingRequests<Key> {
  // A Map iterates in insertion order, which is arrival order: the oldest come first.
  private readonly since = new Map<Key, number>();

  add(key: Key, now: number) {
    this.since.set(key, now);
  }

  /** Whether it was waiting. */
  remove(key: Key): boolean {
    return this.since.delete(key);
  }

  get size() {
    return this.since.size;
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
}
