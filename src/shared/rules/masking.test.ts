import { describe, expect, it } from 'vitest';
import { maskIdentifier } from './masking.ts';

describe('maskIdentifier', () => {
  it.each([
    ['G1234567A', '*****567A'],
    ['S7654321Z', '*****321Z'],
    ['E12345', '**2345'],
    ['ABCDE', '*BCDE'],
    ['ABCD', '****'],
    ['AB', '**'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(maskIdentifier(value)).toBe(expected);
  });
});
