import { watchBest, watchRate } from './event-rate.ts';
import type { WaitingRequests } from './waiting-requests.ts';

/** Once a queue has stood this long, the rate is read over this long: it follows a queue as it forms. */
export const ANSWER_RATE_SPAN_MS = 500;
/** How long the rate read on a queue that stood still speaks for a new one. */
export const ANSWER_RATE_REMEMBERED_MS = 60_000;
/** How long the most answers a second seen stays the capacity, however slow a moment since. */
export const CAPACITY_KEPT_MS = 60_000;

/**
 * The rate answers start at, to predict the wait a queue makes (Little's law).
 * - A queue that has stood for the span is judged by the answers over it.
 * - A newer one is judged by the answers since it formed, not by the quiet before it on a server
 *   woken from idle; but no lower than the rate last read on a queue that stood, in the last
 *   minute: a crowd's requests go through their queries together, so a new queue's first answers
 *   come only once the first of them are through, and a server busy a moment ago would otherwise
 *   look many times slower than it is.
 */
export function watchAnswerRate(startedAt = performance.now()) {
  const answers = watchRate(ANSWER_RATE_SPAN_MS, startedAt);
  let stoodRate = 0;
  let stoodAt = Number.NEGATIVE_INFINITY;
  return {
    count: (now: number) => answers.count(now),
    perSecond(waiting: WaitingRequests<unknown>, now: number) {
      if (waiting.formedFor(now) >= ANSWER_RATE_SPAN_MS) {
        stoodRate = answers.perSecond(now);
        stoodAt = now;
        return stoodRate;
      }
      const remembered = now - stoodAt <= ANSWER_RATE_REMEMBERED_MS ? stoodRate : 0;
      return Math.max(waiting.answersPerSecondSinceFormed(now), remembered);
    },
  };
}

/**
 * The answers a second this server has shown it can give lately: the most, read over `spanMs`,
 * within the last minute. A database slowed by a crowd answers fewer for a while, and judged by
 * those the crowd's refusals would look like clients rushing back.
 */
export function watchAnswerCapacity(spanMs: number, startedAt = performance.now()) {
  const answers = watchRate(spanMs, startedAt);
  const best = watchBest(CAPACITY_KEPT_MS);
  return {
    count(now: number) {
      answers.count(now);
      best.offer(answers.perSecond(now), now);
    },
    // The rate of the moment too: the best lapses a minute after it was seen until the next answer.
    perSecond: (now: number) => Math.max(answers.perSecond(now), best.read(now)),
  };
}
