import { describe, expect, it } from 'vitest';
import { watchBest, watchRate } from './event-rate.ts';

/** `rate` counting one event every `everyMs` from `from` to `to`. */
function steady(rate: ReturnType<typeof watchRate>, from: number, to: number, everyMs: number) {
  for (let at = from; at < to; at += everyMs) rate.count(at);
}

describe('the rate of events over a span', () => {
  it('reads a steady rate the same just after a half of the span begins as just before it ends', () => {
    const rate = watchRate(500, 0);
    steady(rate, 0, 1_000, 5);
    expect(rate.perSecond(1_000)).toBeCloseTo(200, 0);
    steady(rate, 1_000, 1_245, 5);
    expect(rate.perSecond(1_245)).toBeCloseTo(200, -1);
  });

  it('follows a change within the span', () => {
    const rate = watchRate(500, 0);
    steady(rate, 0, 1_000, 5);
    steady(rate, 1_000, 1_500, 2);
    expect(rate.perSecond(1_500)).toBeCloseTo(500, 0);
  });

  it('forgets events older than the span after a quiet while', () => {
    const rate = watchRate(500, 0);
    steady(rate, 0, 1_000, 5);
    expect(rate.perSecond(1_600)).toBe(0);
    rate.count(1_600);
    expect(rate.perSecond(1_700)).toBeCloseTo(1000 / 450, 1);
  });
});

describe('the best of a rate lately', () => {
  it('keeps the highest value offered through the lower ones after it', () => {
    const best = watchBest(1_000);
    best.offer(300, 0);
    best.offer(120, 500);
    expect(best.read(900)).toBe(300);
  });

  it('is replaced by the next value offered once it is older than the span, and reads 0 with none', () => {
    const best = watchBest(1_000);
    best.offer(300, 0);
    expect(best.read(1_001)).toBe(0);
    best.offer(120, 1_100);
    expect(best.read(1_200)).toBe(120);
  });
});
