import { describe, expect, it } from 'vitest';
import { isPassed } from './test-result.ts';

describe('isPassed', () => {
  it.each([
    ['Passed', true],
    ['passed', true],
    ['PASSED', true],
    [' Passed ', true],
    ['Pass', false],
    ['Failed', false],
    ['Pending', false],
    ['Not passed', false],
    ['', false],
  ])('%j → %s', (result, expected) => {
    expect(isPassed(result)).toBe(expected);
  });
});
