import { describe, expect, it } from 'vitest';
import {
  ANSWER_RATE_REMEMBERED_MS,
  ANSWER_RATE_SPAN_MS,
  CAPACITY_KEPT_MS,
  watchAnswerCapacity,
  watchAnswerRate,
} from './answer-rate.ts';
import { WaitingRequests } from './waiting-requests.ts';

/** A queue that stands from `from` to `to`, one answer every `everyMs`, always one request behind. */
function standingQueue(from: number, to: number, everyMs: number) {
  const waiting = new WaitingRequests<number>();
  const rate = watchAnswerRate(0);
  let key = 0;
  waiting.add(key, from);
  for (let at = from + everyMs; at < to; at += everyMs) {
    waiting.add(key + 1, at);
    waiting.answered(key);
    rate.count(at);
    key += 1;
  }
  return { waiting, rate };
}

/** A queue of `count` that formed at `at`, `answers` of them answered 100 ms later. */
function newQueue(rate: ReturnType<typeof watchAnswerRate>, at: number, count: number, answers: number) {
  const waiting = new WaitingRequests<number>();
  for (let key = 0; key < count; key++) waiting.add(key, at);
  for (let key = 0; key < answers; key++) {
    waiting.answered(key);
    rate.count(at + 100);
  }
  return waiting;
}

describe('the rate answers start at, to predict the wait a queue makes', () => {
  it('reads a queue that has stood by its answers over the span', () => {
    const { waiting, rate } = standingQueue(0, 2_000, 5);
    expect(rate.perSecond(waiting, 2_000)).toBeCloseTo(200, -1);
  });

  it('reads a new queue on a server never busy by its own answers, not the quiet before it', () => {
    const rate = watchAnswerRate(0);
    const waiting = newQueue(rate, 10_000, 40, 2);
    expect(rate.perSecond(waiting, 10_150)).toBeCloseTo(2 / 0.15, 5);
  });

  it('reads a new queue, moments after one stood, no slower than that one was answered', () => {
    const { waiting: stood, rate } = standingQueue(0, 2_000, 5);
    rate.perSecond(stood, 2_000);
    // Its first wave of answers is still on the way: two answers in 150 ms.
    const waiting = newQueue(rate, 10_000, 40, 2);
    expect(rate.perSecond(waiting, 10_150)).toBeCloseTo(200, -1);
  });

  it('forgets the rate of a queue that stood a while ago', () => {
    const { waiting: stood, rate } = standingQueue(0, 2_000, 5);
    rate.perSecond(stood, 2_000);
    const at = 2_000 + ANSWER_RATE_REMEMBERED_MS + 1;
    const waiting = newQueue(rate, at, 40, 2);
    expect(rate.perSecond(waiting, at + 150)).toBeCloseTo(2 / 0.15, 5);
  });

  it('reads a queue that stood by its own span once it has, however fast the last one went', () => {
    const { waiting: stood, rate } = standingQueue(0, 2_000, 5);
    rate.perSecond(stood, 2_000);
    // A stalled database: a queue formed at 10 s and nothing answered since.
    const waiting = newQueue(rate, 10_000, 40, 0);
    expect(rate.perSecond(waiting, 10_000 + ANSWER_RATE_SPAN_MS)).toBe(0);
  });
});

describe('the answers a second a server has shown it can give lately', () => {
  /** One answer every `everyMs` from `from` to `to`. */
  const steady = (
    capacity: ReturnType<typeof watchAnswerCapacity>,
    from: number,
    to: number,
    everyMs: number,
  ) => {
    for (let at = from; at < to; at += everyMs) capacity.count(at);
  };

  it('stays at the most it answered while a slowed database answers fewer', () => {
    const capacity = watchAnswerCapacity(2_000, 0);
    steady(capacity, 0, 4_000, 2);
    steady(capacity, 4_000, 8_000, 20);
    expect(capacity.perSecond(8_000)).toBeCloseTo(500, -1);
  });

  it('follows the answers of the moment once the most is older than it keeps', () => {
    const capacity = watchAnswerCapacity(2_000, 0);
    steady(capacity, 0, 4_000, 2);
    const later = 4_000 + CAPACITY_KEPT_MS;
    steady(capacity, later, later + 4_000, 20);
    expect(capacity.perSecond(later + 4_000)).toBeCloseTo(50, -1);
  });
});
