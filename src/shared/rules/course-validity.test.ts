import { describe, expect, it } from 'vitest';
import {
  courseExpiryDate,
  courseStatus,
  earliestAvailablePassedDate,
  isCourseAvailable,
} from './course-validity.ts';

describe('courseExpiryDate', () => {
  it.each([
    ['2024-03-12', 2, '2026-03-12'],
    ['2023-12-31', 2, '2025-12-31'],
    ['2024-02-29', 2, '2026-02-28'], // leap day into a common year: last day of February
    ['2024-02-29', 4, '2028-02-29'], // leap day into a leap year keeps the day
    ['2023-02-28', 1, '2024-02-28'],
    ['2024-01-31', 1, '2025-01-31'],
  ])('%s + %i years → %s', (passed, years, expected) => {
    expect(courseExpiryDate(passed, years)).toBe(expected);
  });
});

describe('isCourseAvailable', () => {
  it.each([
    ['the day it was passed', '2024-03-12', '2024-03-12T00:00:00Z', true],
    ['the day before the boundary', '2024-03-12', '2026-03-11T12:00:00Z', true],
    ['the boundary day, first moment', '2024-03-12', '2026-03-12T00:00:00Z', true],
    ['the boundary day, last moment', '2024-03-12', '2026-03-12T23:59:59.999Z', true],
    ['the first moment after the boundary day', '2024-03-12', '2026-03-13T00:00:00Z', false],
    ['a year after expiry', '2024-03-12', '2027-03-12T00:00:00Z', false],
    ['29 Feb passed, 28 Feb two years on', '2024-02-29', '2026-02-28T23:00:00Z', true],
    ['29 Feb passed, 1 Mar two years on', '2024-02-29', '2026-03-01T00:00:00Z', false],
    ['a passed date in the future', '2030-01-01', '2026-01-01T00:00:00Z', true],
  ])('%s', (_label, passed, now, expected) => {
    expect(isCourseAvailable(passed, 2, new Date(now))).toBe(expected);
  });

  it('follows the configured number of years', () => {
    const now = new Date('2027-06-01T00:00:00Z');
    expect(courseStatus({ passedDate: '2024-06-01', testResult: 'Passed' }, 2, now)).toBe('unavailable');
    expect(courseStatus({ passedDate: '2024-06-01', testResult: 'Passed' }, 3, now)).toBe('available');
  });
});

describe('earliestAvailablePassedDate', () => {
  const dayBefore = (date: string) =>
    new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  it.each([
    ['2026-03-12T00:00:00Z', 2, '2024-03-12'],
    ['2026-03-12T23:59:59.999Z', 2, '2024-03-12'],
    ['2026-02-28T12:00:00Z', 2, '2024-02-28'],
    ['2026-03-01T00:00:00Z', 2, '2024-03-01'],
    ['2028-02-29T08:00:00Z', 2, '2026-03-01'], // no 29 February two years back
    ['2028-02-29T08:00:00Z', 4, '2024-02-29'],
  ])('at %s with %i years → %s', (now, years, expected) => {
    expect(earliestAvailablePassedDate(years, new Date(now))).toBe(expected);
  });

  it('is the first available passed date at every moment of four years, for 1 to 3 years', () => {
    const wrong: string[] = [];
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2030, 0, 1); day += 86_400_000) {
      for (const at of [day, day + 86_399_999]) {
        for (const years of [1, 2, 3]) {
          const now = new Date(at);
          const first = earliestAvailablePassedDate(years, now);
          if (!isCourseAvailable(first, years, now) || isCourseAvailable(dayBefore(first), years, now))
            wrong.push(`${now.toISOString()} + ${years} years: ${first}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('courseStatus', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it.each([
    ['Passed', 'available'],
    ['passed', 'available'],
    ['Failed', 'unavailable'],
    ['Pending', 'unavailable'],
    ['Absent', 'unavailable'],
    ['Pass with merit', 'unavailable'],
  ])('a result of %j within its period is %s', (testResult, expected) => {
    expect(courseStatus({ passedDate: '2026-01-15', testResult }, 2, now)).toBe(expected);
  });
});
