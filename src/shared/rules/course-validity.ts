/**
 * A course is available while the current moment is not later than passedDate + validity years
 * (SPEC §9). The period ends at the end of that calendar day, UTC: a certificate passed on
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

export const courseStatus = (passedDate: string, validityYears: number, now?: Date): CourseStatus =>
  isCourseAvailable(passedDate, validityYears, now) ? 'available' : 'unavailable';
