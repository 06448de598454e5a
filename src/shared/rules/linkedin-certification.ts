import { isPassed } from './test-result.ts';

/**
 * LinkedIn's "add a certification to your profile" address, filled in from the record: no API
 * key, the holder confirms on LinkedIn. The credential id is the record's id, not its serial
 * number: the serial is half of what verification asks and is never shown publicly.
 * None for a result other than a pass: LinkedIn's entry has no place for a result, so a course
 * not passed would read there as a certification earned.
 */
export function linkedInCertificationUrl(record: {
  courseName: string;
  result: string;
  organizationName: string;
  passedDate: string;
  expiresOn: string;
  recordUrl: string;
  recordId: string;
}): string | null {
  if (!isPassed(record.result)) return null;
  const [issueYear, issueMonth] = record.passedDate.split('-');
  const [expirationYear, expirationMonth] = record.expiresOn.split('-');
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: record.courseName,
    organizationName: record.organizationName,
    issueYear: issueYear ?? '',
    issueMonth: String(Number(issueMonth)),
    expirationYear: expirationYear ?? '',
    expirationMonth: String(Number(expirationMonth)),
    certUrl: record.recordUrl,
    certId: record.recordId,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}
