import { isPassed } from './test-result.ts';

/**
 * What a person's record is now, as a card's badge and the list's Status filter name it. A result
 * other than a pass is a training record, never an e-Cert: 'not-passed', whatever its dates say.
 */
export type RecordState = 'valid' | 'expired' | 'revoked' | 'not-passed';

/** Revoked wins over validity: a revoked record is never shown as valid or merely expired. */
export const recordState = (record: {
  revokedAt: string | null;
  courseStatus: 'available' | 'unavailable';
  testResult: string;
}): RecordState =>
  record.revokedAt
    ? 'revoked'
    : !isPassed(record.testResult)
      ? 'not-passed'
      : record.courseStatus === 'available'
        ? 'valid'
        : 'expired';
