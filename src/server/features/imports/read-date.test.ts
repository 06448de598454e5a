import { describe, expect, it } from 'vitest';
import { readImportDate } from './read-date.ts';

const read = (value: string, order: 'day-first' | 'month-first' = 'day-first') => {
  const reading = readImportDate('Date', value, order);
  return reading.ok ? reading.iso : 'refused';
};

describe('readImportDate', () => {
  it.each([
    ['2024-12-31', 'day-first', '2024-12-31'],
    ['2024-12-31', 'month-first', '2024-12-31'],
    ['2024-2-3', 'day-first', '2024-02-03'],
    ['31/12/2024', 'day-first', '2024-12-31'],
    ['31-12-2024', 'day-first', '2024-12-31'],
    ['31.12.2024', 'day-first', '2024-12-31'],
    ['04/05/2024', 'day-first', '2024-05-04'],
    ['04/05/2024', 'month-first', '2024-04-05'],
    ['12/31/2024', 'month-first', '2024-12-31'],
    ['29/02/2024', 'day-first', '2024-02-29'],
    ['31 Dec 2024', 'month-first', '2024-12-31'],
    ['31-dec-2024', 'day-first', '2024-12-31'],
    ['December 31, 2024', 'day-first', '2024-12-31'],
    ['Sept 3 2024', 'day-first', '2024-09-03'],
    [' 31/12/2024 ', 'day-first', '2024-12-31'],
  ] as const)('reads %s (%s) as %s', (value, order, iso) => {
    expect(read(value, order)).toBe(iso);
  });

  it.each([
    ['12/31/2024', 'day-first'],
    ['31/12/2024', 'month-first'],
    ['29/02/2023', 'day-first'],
    ['2024-02-30', 'day-first'],
    ['31/12/24', 'day-first'],
    ['31-Dec-24', 'day-first'],
    ['31/12-2024', 'day-first'],
    ['31 Foo 2024', 'day-first'],
    ['45678', 'day-first'],
    ['', 'day-first'],
  ] as const)('refuses %s (%s)', (value, order) => {
    expect(read(value, order)).toBe('refused');
  });

  it('quotes the value it read in every refusal but the empty one', () => {
    for (const value of ['12/31/2024', '29/02/2023', '31/12/24', 'soon']) {
      const reading = readImportDate('Date', value, 'day-first');
      expect(reading.ok ? '' : reading.message).toContain(`"${value}"`);
    }
    expect(readImportDate('Date', ' ', 'day-first')).toEqual({ ok: false, message: 'Date is required' });
  });
});
