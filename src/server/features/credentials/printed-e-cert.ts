/**
 * What an e-Cert prints, shared by the PDF that draws it and the check that reads a sent page back
 * against its credential. The page's own words, each translated in the catalogs (src/locales).
 */
export const eCertWords = {
  recordsThat: /*i18n*/ { id: 'This e-Cert records that' },
  fin: /*i18n*/ { id: 'FIN Number: {fin}' },
  serial: /*i18n*/ { id: 'e-Cert Serial No.: {serial}' },
  course: /*i18n*/ { id: 'Course' },
  level: /*i18n*/ { id: 'Level' },
  result: /*i18n*/ { id: 'Result' },
  passedOn: /*i18n*/ { id: 'Passed on' },
  resultRevoked: /*i18n*/ { id: '{result} (revoked)' },
  resultExpired: /*i18n*/ { id: '{result} (expired)' },
  courseStatus: /*i18n*/ { id: 'Course Status: {status}' },
  available: /*i18n*/ { id: 'Available' },
  unavailable: /*i18n*/ { id: 'Unavailable' },
  revoked: /*i18n*/ { id: 'Revoked' },
  revokedOn: /*i18n*/ { id: 'Revoked: this certificate was revoked on {date} and is no longer valid.' },
  expiredOn: /*i18n*/ { id: 'Expired: this certificate was valid until {date}.' },
  validUntil: /*i18n*/ { id: 'Valid until {date}.' },
  reason: /*i18n*/ { id: 'Reason: {reason}' },
  signature: /*i18n*/ { id: 'Signature' },
  footer: /*i18n*/ {
    id: 'Made on {date}. Scan the code or open the address to see this record as it is now. The signed credential of this e-Cert is attached to this PDF as credential.json.',
  },
  revokedStamp: /*i18n*/ { id: 'REVOKED' },
};

/** The holder's name is the page's one text of this size: the checker finds it by it. */
export const NAME_SIZE = 22;
