import { isPassed } from './test-result.ts';

/**
 * A course is available while the current moment is not later than passedDate + validity years.
 * The period ends at the end of that calendar day, UTC: a certificate passed on
 * 2024-03-12 with 2 years is available through 2026-03-12 23:59:59.999Z and unavailable after.
 * A 29 February passed date ends on 28 February in a non-leap year (never rolls into March).
 */
export function courseExpiryDate(passedDate: string, validityYears: number): string {
  const [year, month, day] = passedDate.split('-').map(Number) as [number, number, number];
  const targetYear = year + validityYears;
  const lastDayOfMonth = new Date(Date.UTC(targetYear, month, 0)).getUTCDate();
  const d = Math.min(day, lastDayOfMonth);
  return `${String(targetYear).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function isCourseAvailable(
  passedDate: string,
  validityYears: number,
  now: Date = new Date(),
): boolean {
  const endOfLastDay = Date.parse(`${courseExpiryDate(passedDate, validityYears)}T23:59:59.999Z`);
  return now.getTime() <= endOfLastDay;
}

export type CourseStatus = 'available' | 'unavailable';

/** Available: a passed result within its period. Any other result is never an available e-Cert. */
export const courseStatus = (
  record: { passedDate: string; testResult: string },
  validityYears: number,
  now?: Date,
): CourseStatus =>
  isPassed(record.testResult) && isCourseAvailable(record.passedDate, validityYears, now)
    ? 'available'
    : 'unavailable';

/**
 * The earliest passed date still available at `now`: a course is available exactly when its passed
 * date is on or after this day, so the database can test validity as a range of passed dates.
 * `Date.UTC` rolls 29 February of a common year into 1 March, which is the day the rule needs.
 */
export function earliestAvailablePassedDate(validityYears: number, now: Date = new Date()): string {
  const day = Date.UTC(now.getUTCFullYear() - validityYears, now.getUTCMonth(), now.getUTCDate());
  return new Date(day).toISOString().slice(0, 10);
}
