/**
 * Events a second (answers started, refusals), counted in two halves of `spanMs`: the half under
 * way and the whole one before it, so between half and all of the last `spanMs`. The rate divides
 * by the time those two halves cover, so it reads the same just after a half begins as just before
 * it ends.
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
 * The highest value offered within about the last `keepMs`: a best kept that long, then replaced by
 * the next value offered. What a server has shown it can do lately, which a slow moment does not
 * lower.
 */
export function watchBest(keepMs: number) {
  let best = 0;
  let bestAt = Number.NEGATIVE_INFINITY;
  return {
    offer(value: number, now: number) {
      if (value >= best || now - bestAt > keepMs) {
        best = value;
        bestAt = now;
      }
    },
    read: (now: number) => (now - bestAt > keepMs ? 0 : best),
  };
}
