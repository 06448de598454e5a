import { describe, expect, it } from 'vitest';
import {
  ANSWER_RATE_REMEMBERED_MS,
  ANSWER_RATE_SPAN_MS,
  queueWouldMakeLate,
  WaitingRequests,
  watchRate,
} from './load-shedding.ts';

const LIMIT_MS = 300;

/** A queue that stands from `from` to `to`, one answer every `everyMs`, always one request behind. */
function standingQueue(from: number, to: number, everyMs: number) {
  const waiting = new WaitingRequests<number>(0);
  let key = 0;
  waiting.add(key, from);
  for (let at = from + everyMs; at < to; at += everyMs) {
    waiting.add(key + 1, at);
    waiting.answered(key, at);
    key += 1;
  }
  return waiting;
}

/** `count` requests arriving at `at` on a queue that is empty then, `answers` of them answered 100 ms later. */
function newQueue(waiting: WaitingRequests<number>, at: number, count: number, answers: number) {
  for (let key = 1_000; key < 1_000 + count; key++) waiting.add(key, at);
  for (let key = 1_000; key < 1_000 + answers; key++) waiting.answered(key, at + 100);
  return waiting;
}

describe('a costly request is refused when the queue admitted would make it wait past the limit', () => {
  /** `count` requests that came at `at`, behind a queue that has stood a second, answered 200 a second. */
  const queue = (at: number, count: number) => {
    const waiting = standingQueue(at - 1_000, at, 5);
    for (let key = 1_000; key < 1_000 + count; key++) waiting.add(key, at);
    return waiting;
  };

  it('refuses behind more requests than answers start within the limit, however recently they came', () => {
    // 200 answers a second start 60 requests in 300 ms: the 100 that came 10 ms ago are too many.
    expect(queueWouldMakeLate(queue(11_000, 100), 11_010, LIMIT_MS)).toBe(true);
  });

  it('admits behind fewer requests than answers start within the limit', () => {
    expect(queueWouldMakeLate(queue(11_000, 50), 11_010, LIMIT_MS)).toBe(false);
  });

  it('does not judge a queue until it has stood half the limit, long enough to read the rate', () => {
    const waiting = newQueue(new WaitingRequests<number>(0), 10_000, 100, 0);
    expect(queueWouldMakeLate(waiting, 10_100, LIMIT_MS)).toBe(false);
    expect(queueWouldMakeLate(waiting, 10_200, LIMIT_MS)).toBe(true);
  });

  it('admits a queue of eight, what one browser may have open', () => {
    const waiting = newQueue(new WaitingRequests<number>(0), 10_000, 8, 0);
    expect(queueWouldMakeLate(waiting, 11_000, LIMIT_MS)).toBe(false);
  });
});

describe('the rate answers start at, which rule 4 judges a queue by', () => {
  it('reads a queue that has stood by its answers over the span', () => {
    const waiting = standingQueue(0, 2_000, 5);
    expect(waiting.answersPerSecond(2_000)).toBeCloseTo(200, -1);
  });

  it('reads a new queue on an idle server by its own answers, not by the quiet before it', () => {
    const waiting = newQueue(new WaitingRequests<number>(0), 10_000, 40, 2);
    expect(waiting.answersPerSecond(10_150)).toBeCloseTo(2 / 0.15, 5);
  });

  it('reads a new queue, moments after one stood, no slower than that one was answered', () => {
    const waiting = standingQueue(0, 2_000, 5);
    waiting.answersPerSecond(2_000);
    waiting.answered(399, 2_000);
    // Its first wave of answers is still on the way: two answers in 150 ms.
    newQueue(waiting, 10_000, 40, 2);
    expect(waiting.answersPerSecond(10_150)).toBeCloseTo(200, -1);
  });

  it('forgets the rate of a queue that stood more than a minute ago', () => {
    const waiting = standingQueue(0, 2_000, 5);
    waiting.answersPerSecond(2_000);
    waiting.answered(399, 2_000);
    const at = 2_000 + ANSWER_RATE_REMEMBERED_MS + 1;
    newQueue(waiting, at, 40, 2);
    expect(waiting.answersPerSecond(at + 150)).toBeCloseTo(2 / 0.15, 5);
  });

  it('reads a stalled database as no answers once the new queue has stood the span', () => {
    const waiting = standingQueue(0, 2_000, 5);
    waiting.answersPerSecond(2_000);
    waiting.answered(399, 2_000);
    newQueue(waiting, 10_000, 40, 0);
    expect(waiting.answersPerSecond(10_000 + ANSWER_RATE_SPAN_MS)).toBe(0);
  });

  it('counts a request whose client went as gone, not answered', () => {
    const waiting = new WaitingRequests<string>(0);
    waiting.add('gone', 1_000);
    waiting.add('kept', 1_000);
    waiting.remove('gone');
    expect(waiting.answersPerSecond(1_400)).toBe(0);
    expect(waiting.answered('kept', 1_400)).toBe(true);
    expect(waiting.answered('kept', 1_400)).toBe(false);
    expect(waiting.formedFor(1_500)).toBe(0);
  });
});

describe('a rate over a span', () => {
  const steady = (rate: ReturnType<typeof watchRate>, from: number, to: number, everyMs: number) => {
    for (let at = from; at < to; at += everyMs) rate.count(at);
  };

  it('reads a steady rate the same just after a half of the span begins as just before it ends', () => {
    const rate = watchRate(500, 0);
    steady(rate, 0, 1_000, 5);
    expect(rate.perSecond(1_000)).toBeCloseTo(200, 0);
    steady(rate, 1_000, 1_245, 5);
    expect(rate.perSecond(1_245)).toBeCloseTo(200, -1);
  });

  it('follows a change within the span, and forgets events older than it', () => {
    const rate = watchRate(500, 0);
    steady(rate, 0, 1_000, 5);
    steady(rate, 1_000, 1_500, 2);
    expect(rate.perSecond(1_500)).toBeCloseTo(500, 0);
    expect(rate.perSecond(2_100)).toBe(0);
  });
});
