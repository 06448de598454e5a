import type { ListOutcome } from '#shared/api/verifiers.ts';

/**
 * What a verifier's PDF report prints besides the rows' data, each translated in the catalogs
 * (src/locales), so the report is printed in the verifier's language.
 */
export const reportWords = {
  title: /*i18n*/ { id: 'Verification report' },
  checkedBy: /*i18n*/ { id: 'Checked on {date}, {time} UTC by {company} ({contact}).' },
  howToCheck: /*i18n*/ {
    id: '{count} rows. Scan the code or open the address below to see this report on the portal, as it was checked.',
  },
  row: /*i18n*/ { id: 'Row' },
  fin: /*i18n*/ { id: 'FIN' },
  serial: /*i18n*/ { id: 'Serial' },
  result: /*i18n*/ { id: 'Result' },
  name: /*i18n*/ { id: 'Name' },
  course: /*i18n*/ { id: 'Course' },
  validUntil: /*i18n*/ { id: 'Valid until' },
};

/** Each row's outcome as the report names it. */
export const outcomeWords: Record<ListOutcome, { id: string }> = {
  valid: /*i18n*/ { id: 'Valid' },
  expired: /*i18n*/ { id: 'Expired' },
  revoked: /*i18n*/ { id: 'Revoked' },
  'not-passed': /*i18n*/ { id: 'Not a pass' },
  'no-match': /*i18n*/ { id: 'No match' },
  duplicate: /*i18n*/ { id: 'Duplicate' },
  invalid: /*i18n*/ { id: 'Bad row' },
  'over-quota': /*i18n*/ { id: 'Not checked (quota)' },
  'too-many-no-matches': /*i18n*/ { id: 'Not checked (no-match limit)' },
};

/**
 * The notes a list's rows can carry. The checks write them in English (the report keeps them so);
 * the PDF prints them in its language, the row number put back into the duplicate's.
 */
export const noteWords = {
  duplicateOf: /*i18n*/ { id: 'The same FIN and serial as row {row}: checked once there.' },
  overQuota: /*i18n*/ { id: 'Not checked: the daily quota is used up. It renews at midnight UTC.' },
  tooManyNoMatches: /*i18n*/ {
    id: 'Not checked: too many rows without a match in the last hour. Check the rest later.',
  },
  twoValues: /*i18n*/ { id: 'A row needs exactly two values: the FIN and the serial number.' },
  tooLong: /*i18n*/ { id: 'A value is longer than 50 characters.' },
};

/** A note with the values it was written with: `{row}` filled in as the checks fill it. */
export const noteText = (word: { id: string }, values: Record<string, string | number> = {}) =>
  word.id.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
