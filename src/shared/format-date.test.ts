import { describe, expect, it } from 'vitest';
import { formatDate, formatDateIn } from './format-date.ts';

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

describe('formatDateIn', () => {
  it.each([
    ['en', '2024-03-12', '12 Mar 2024'],
    ['zh-Hans', '2024-03-12', '2024年3月12日'],
    ['ms', '2024-03-12', '12 Mac 2024'],
    ['ta', '2024-03-12', '12 மார்ச், 2024'],
    ['ms', '2024-13-01', '—'],
    ['ta', null, '—'],
  ] as const)('%s %j → %j', (language, input, expected) => {
    expect(formatDateIn(language, input)).toBe(expected);
  });
});
