import { describe, expect, it } from 'vitest';
import { linkedInCertificationUrl } from './linkedin-certification.ts';

describe('linkedInCertificationUrl', () => {
  const record = {
    courseName: 'Forklift Operation & Safety',
    courseLevel: 'Level 2',
    result: 'Passed',
    organizationName: 'Demo Skills Institute',
    passedDate: '2025-03-09',
    expiresOn: '2027-03-08',
    recordUrl: 'https://certs.example.test/info/0d5c',
    serial: 'DSI-2025-000356',
  };
  const fieldsOf = (url: string | null) => Object.fromEntries(new URL(url ?? '').searchParams);

  it('fills in the course with its level, issuer, issue and expiry month, record address and serial', () => {
    const url = new URL(linkedInCertificationUrl(record) ?? '');
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Forklift Operation & Safety (Level 2)',
      organizationName: 'Demo Skills Institute',
      issueYear: '2025',
      issueMonth: '3',
      expirationYear: '2027',
      expirationMonth: '3',
      certUrl: 'https://certs.example.test/info/0d5c',
      certId: 'DSI-2025-000356',
    });
  });

  it('names each level of a course apart', () => {
    const level1 = fieldsOf(linkedInCertificationUrl({ ...record, courseLevel: 'Level 1' }));
    const level2 = fieldsOf(linkedInCertificationUrl(record));
    expect(level1.name).not.toBe(level2.name);
    expect(fieldsOf(linkedInCertificationUrl({ ...record, courseLevel: ' ' })).name).toBe(record.courseName);
  });

  it('never gives the record’s internal id as the credential id: none without the serial', () => {
    const fields = fieldsOf(linkedInCertificationUrl({ ...record, serial: null }));
    expect(fields).not.toHaveProperty('certId');
    expect(Object.values(fields)).not.toContain('0d5c');
  });

  it.each([
    ['Passed', true],
    ['PASSED', true],
    ['passed', true],
    ['Pending', false],
    ['Failed', false],
    ['', false],
  ])('offers a result of "%s": %s', (result, offered) => {
    const url = linkedInCertificationUrl({ ...record, result });
    expect(url !== null).toBe(offered);
  });
});
