import { describe, expect, it } from 'vitest';
import { linkedInCertificationUrl } from './linkedin-certification.ts';

describe('linkedInCertificationUrl', () => {
  it('fills in the course, issuer, issue and expiry month, record address and id', () => {
    const url = new URL(
      linkedInCertificationUrl({
        courseName: 'Forklift Operation & Safety',
        result: 'Passed',
        organizationName: 'Demo Skills Institute',
        passedDate: '2025-03-09',
        expiresOn: '2027-03-08',
        recordUrl: 'https://certs.example.test/info/0d5c',
        recordId: '0d5c',
      }) ?? '',
    );
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Forklift Operation & Safety',
      organizationName: 'Demo Skills Institute',
      issueYear: '2025',
      issueMonth: '3',
      expirationYear: '2027',
      expirationMonth: '3',
      certUrl: 'https://certs.example.test/info/0d5c',
      certId: '0d5c',
    });
  });

  it.each([
    ['Passed', true],
    ['PASSED', true],
    ['passed', true],
    ['Pending', false],
    ['Failed', false],
    ['', false],
  ])('offers a result of "%s": %s', (result, offered) => {
    const url = linkedInCertificationUrl({
      courseName: 'Welding',
      result,
      organizationName: 'Demo Skills Institute',
      passedDate: '2025-03-09',
      expiresOn: '2027-03-08',
      recordUrl: 'https://certs.example.test/info/0d5c',
      recordId: '0d5c',
    });
    expect(url !== null).toBe(offered);
  });
});
