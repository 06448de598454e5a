/**
 * LinkedIn's "add a certification to your profile" address, filled in from the record: no API
 * key, the holder confirms on LinkedIn. The credential id is the record's id, not its serial
 * number: the serial is half of what verification asks and is never shown publicly.
 */
export function linkedInCertificationUrl(record: {
  courseName: string;
  organizationName: string;
  passedDate: string;
  expiresOn: string;
  recordUrl: string;
  recordId: string;
}): string {
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
