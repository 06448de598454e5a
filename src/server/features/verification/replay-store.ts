import type { Redis } from 'ioredis';

/** Remembers used proof-of-work ids until their challenge has expired, so a solution works once. */
export interface ReplayStore {
  /** True when the id was new and is now marked used; false when it had been used already. */
  setIfAbsent(id: string): Promise<boolean>;
}

export function createMemoryReplayStore(ttlMs: number, maxEntries = 100_000): ReplayStore {
  const used = new Map<string, number>();
  const sweep = (now: number) => {
    for (const [id, expiresAt] of used) {
      if (expiresAt > now && used.size <= maxEntries) break;
      used.delete(id);
    }
  };
  return {
    async setIfAbsent(id) {
      const now = Date.now();
      sweep(now);
      const expiresAt = used.get(id);
      if (expiresAt !== undefined && expiresAt > now) return false;
      used.set(id, now + ttlMs);
      return true;
    },
  };
}

/**
 * Ids marked used in the Redis every instance shares, so a solution is accepted once across all
 * of them; while Redis is away, in `alone` (this instance's memory), so verification keeps working.
 */
export function createSharedReplayStore(redis: Redis, ttlMs: number, alone: ReplayStore): ReplayStore {
  return {
    async setIfAbsent(id) {
      try {
        return (await redis.set(`ecert:pow-used:${id}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
      } catch {
        return alone.setIfAbsent(id);
      }
    },
  };
}
