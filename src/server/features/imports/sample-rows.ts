import type { ImportDateOrder } from '#shared/api/imports.ts';

/**
 * The sample file's made-up records, in the template's columns. Their serial numbers are refused
 * by every import, so a sample sent as it is never becomes a record.
 */
const sampleRecords = [
  {
    name: 'Alex Example',
    dob: { 'day-first': '17/05/1990', 'month-first': '05/17/1990' },
    gender: 'Female',
    nationality: 'Examplese',
    passportNumber: 'X1234567',
    finNumber: 'G1234567X',
    eCertNumber: 'SAMPLE-000001',
    tradeTested: 'Electrical Wiring',
    testLevel: 'Level 1',
    testResult: 'Passed',
    passedDate: '2026-01-15',
    passportImage: 'photos/alex-passport.jpg',
    certificateImage: 'photos/alex-certificate.png',
    signatureImage: '',
    pdf: '',
  },
  {
    name: 'Sam Sample',
    dob: { 'day-first': '03/11/1985', 'month-first': '11/03/1985' },
    gender: 'Male',
    nationality: 'Examplese',
    passportNumber: 'X7654321',
    finNumber: 'G7654321Y',
    eCertNumber: 'SAMPLE-000002',
    tradeTested: 'Plumbing',
    testLevel: 'Level 2',
    testResult: 'Passed',
    passedDate: '2025-09-30',
    passportImage: '',
    certificateImage: '',
    signatureImage: '',
    pdf: '',
  },
];

const sampleSerials = new Set(sampleRecords.map((record) => record.eCertNumber));

/** The sample rows, dates of birth written as the portal reads them, passed dates as YYYY-MM-DD. */
export const sampleRows = (order: ImportDateOrder): Record<string, string>[] =>
  sampleRecords.map(({ dob, ...record }) => ({ ...record, dob: dob[order] }));

export const isSampleSerial = (eCertNumber: string) => sampleSerials.has(eCertNumber.trim());
