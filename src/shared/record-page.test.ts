import { describe, expect, it } from 'vitest';
import { recordIdOfUrl, recordPageUrl, recordPath } from './record-page.ts';

const id = '0b6f3a52-8d1e-4c2a-9f3b-5e7d9c1a2b3c';

describe('record page addresses', () => {
  it('builds the path and the full address of a record page', () => {
    expect(recordPath(id)).toBe(`/info/${id}`);
    expect(recordPageUrl('https://certs.example', id)).toBe(`https://certs.example/info/${id}`);
  });

  it.each([
    [`https://certs.example/info/${id}`, 'https://certs.example', id],
    [`https://other.example/info/${id}`, 'https://certs.example', null],
    [`/info/${id}`, '', id],
    ['/information', '', null],
    ['/search', '', null],
  ])('reads the id of %j on %j', (url, publicUrl, expected) => {
    expect(recordIdOfUrl(url, publicUrl)).toBe(expected);
  });
});
