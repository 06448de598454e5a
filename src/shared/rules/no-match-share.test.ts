import { describe, expect, it } from 'vitest';
import { noMatchShareHigh } from './no-match-share.ts';

describe('noMatchShareHigh', () => {
  it.each([
    [0, 0, false],
    [19, 19, false], // too few rows to judge
    [20, 5, false], // a quarter exactly
    [20, 6, true],
    [1000, 250, false],
    [1000, 251, true],
  ])('%i rows with %i without a match → %s', (checks, noMatches, high) => {
    expect(noMatchShareHigh(checks, noMatches)).toBe(high);
  });
});
