import type { CertificateView, FileView, TrainingRecord } from '#shared/api/certificates.ts';
import { courseExpiryDate, courseStatus } from '#shared/rules/course-validity.ts';
import { maskIdentifier } from '#shared/rules/masking.ts';
import { recordState } from '#shared/rules/record-state.ts';
import { isPassed } from '#shared/rules/test-result.ts';
import type { person, StoredFileRef } from '../../db/schema/index.ts';

type PersonRow = typeof person.$inferSelect;
/** What the public view is made from. */
export type CertificateRow = Omit<
  PersonRow,
  'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy' | 'deletedAt'
>;

export const fileView = (ref: StoredFileRef | null): FileView | null =>
  ref
    ? {
        url: `/files/${ref.key}`,
        thumbnailUrl: ref.thumbnailKey ? `/files/${ref.thumbnailKey}` : undefined,
        contentType: ref.contentType,
        size: ref.size,
      }
    : null;

/**
 * The public view of one record: masked as configured, validity computed now, never stored. The
 * passport scan is an identity document: it is left out unless the operator publishes those.
 */
export function toCertificateView(
  row: CertificateRow,
  options: { issuer: string; mask: boolean; validityYears: number; identityDocuments: boolean },
): CertificateView {
  const show = options.mask ? maskIdentifier : (value: string) => value;
  const status = courseStatus(row, options.validityYears);
  const revokedAt = row.revokedAt?.toISOString() ?? null;
  return {
    id: row.id,
    name: row.name,
    dob: row.dob,
    gender: row.gender,
    nationality: row.nationality,
    passportNumber: show(row.passportNumber),
    finNumber: show(row.finNumber),
    tradeTested: row.tradeTested,
    testLevel: row.testLevel,
    testResult: row.testResult,
    passedDate: row.passedDate,
    courseStatus: status,
    courseExpiresOn: courseExpiryDate(row.passedDate, options.validityYears),
    state: recordState({ revokedAt, courseStatus: status, testResult: row.testResult }),
    signatureImage: fileView(row.signatureImage),
    passportImage: options.identityDocuments ? fileView(row.passportImage) : null,
    certificateImage: fileView(row.certificateImage),
    pdf: fileView(row.pdf),
    status: row.revokedAt ? 'revoked' : isPassed(row.testResult) ? 'valid' : 'not-passed',
    revokedAt,
    revocationReason: row.revokedAt ? row.revocationReason : null,
    issuer: options.issuer,
    masked: options.mask,
    identityDocumentsPublic: options.identityDocuments,
  };
}

export const toTrainingRecord = (
  row: Pick<PersonRow, 'tradeTested' | 'testLevel' | 'passedDate' | 'testResult'> & {
    revokedAt: string | null;
    current: boolean;
  },
  validityYears: number,
): TrainingRecord => ({
  courseName: row.tradeTested,
  courseLevel: row.testLevel,
  passedDate: row.passedDate,
  result: row.testResult,
  current: row.current,
  state: recordState({
    revokedAt: row.revokedAt,
    courseStatus: courseStatus(row, validityYears),
    testResult: row.testResult,
  }),
});
