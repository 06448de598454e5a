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
