import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  it.each([
    ['2024-03-12', '12 Mar 2024'],
    ['2024-02-29', '29 Feb 2024'],
    ['1999-12-01', '1 Dec 1999'],
    ['2024-03-12T10:00:00Z', '12 Mar 2024'],
    ['', 'N/A'],
    [null, 'N/A'],
    ['2024-13-01', 'N/A'],
    ['12/03/2024', 'N/A'],
  ])('%j → %j', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });
});
