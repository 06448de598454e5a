import { isPassed } from './test-result.ts';

/**
 * LinkedIn's "add a certification to your profile" address, filled in from the record: no API
 * key, the holder confirms on LinkedIn. The certification's name carries the level, so a course's
 * Level 1 and Level 2 are two entries; its credential id is the e-Cert's serial number, where the
 * caller has it (the public record page does not: the holder types it on LinkedIn from their PDF).
 * None for a result other than a pass: LinkedIn's entry has no place for a result, so a course
 * not passed would read there as a certification earned.
 */
export function linkedInCertificationUrl(record: {
  courseName: string;
  courseLevel: string;
  result: string;
  organizationName: string;
  passedDate: string;
  expiresOn: string;
  recordUrl: string;
  serial: string | null;
}): string | null {
  if (!isPassed(record.result)) return null;
  const [issueYear, issueMonth] = record.passedDate.split('-');
  const [expirationYear, expirationMonth] = record.expiresOn.split('-');
  const level = record.courseLevel.trim();
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: level ? `${record.courseName} (${level})` : record.courseName,
    organizationName: record.organizationName,
    issueYear: issueYear ?? '',
    issueMonth: String(Number(issueMonth)),
    expirationYear: expirationYear ?? '',
    expirationMonth: String(Number(expirationMonth)),
    certUrl: record.recordUrl,
  });
  if (record.serial) query.set('certId', record.serial);
  return `https://www.linkedin.com/profile/add?${query}`;
}
