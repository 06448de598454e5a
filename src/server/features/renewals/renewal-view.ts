import type { RenewalView } from '#shared/api/people.ts';
import { courseStatus } from '#shared/rules/course-validity.ts';
import type { renewal } from '../../db/schema/index.ts';

export type RenewalRow = typeof renewal.$inferSelect;

/** A renewal as staff see it: validity computed now, never stored; `personId` for "View". */
export const toRenewalView = (
  row: RenewalRow & { personId: string | null },
  validityYears: number,
): RenewalView => ({
  id: row.id,
  name: row.name,
  dob: row.dob,
  gender: row.gender,
  nationality: row.nationality,
  passportNumber: row.passportNumber,
  finNumber: row.finNumber,
  eCertNumber: row.eCertNumber,
  tradeTested: row.tradeTested,
  testLevel: row.testLevel,
  testResult: row.testResult,
  passedDate: row.passedDate,
  courseStatus: courseStatus(row.passedDate, validityYears),
  personId: row.personId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
