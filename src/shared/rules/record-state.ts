/** What a person's record is now, as a card's badge and the list's Status filter name it. */
export type RecordState = 'valid' | 'expired' | 'revoked';

/** Revoked wins over validity: a revoked record is never shown as valid or merely expired. */
export const recordState = (record: {
  revokedAt: string | null;
  courseStatus: 'available' | 'unavailable';
}): RecordState => (record.revokedAt ? 'revoked' : record.courseStatus === 'available' ? 'valid' : 'expired');
