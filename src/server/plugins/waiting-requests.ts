/**
 * Requests from their first byte until their answer starts, in the order they came. Their age is
 * how late the server is inside the process: waiting for the database, its pool or the event loop.
 * A request whose answer never starts (its client went) leaves when its connection closes.
 */
export class WaitingRequests<Key> {
  // A Map iterates in insertion order, which is arrival order: the oldest come first.
  private readonly since = new Map<Key, number>();
  private formedAt = 0;
  private answeredSinceFormed = 0;

  add(key: Key, now: number) {
    if (this.since.size === 0) {
      this.formedAt = now;
      this.answeredSinceFormed = 0;
    }
    this.since.set(key, now);
  }

  /** Its answer starts. Whether it was waiting. */
  answered(key: Key): boolean {
    const was = this.since.delete(key);
    if (was) this.answeredSinceFormed += 1;
    return was;
  }

  /** It leaves unanswered (its client went). Whether it was waiting. */
  remove(key: Key): boolean {
    return this.since.delete(key);
  }

  /** How long some request has been waiting without a break: since the queue last formed. */
  formedFor(now: number) {
    return this.since.size === 0 ? 0 : now - this.formedAt;
  }

  /** Answers started a second since the queue last formed. */
  answersPerSecondSinceFormed(now: number) {
    return (this.answeredSinceFormed * 1000) / Math.max(1, this.formedFor(now));
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
