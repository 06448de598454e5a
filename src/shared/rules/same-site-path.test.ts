import { describe, expect, it } from 'vitest';
import { isSameSitePath } from './same-site-path.ts';

/** Spellings that leave the site, as a browser resolves them, once or after a prefix comes off. */
const OFF_SITE_SPELLINGS = [
  '//evil.example',
  '//evil.example/x',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/en//evil.example',
  '/en//host/phish',
  '/ta/\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/ /evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  'evil.example',
  '',
];

describe('isSameSitePath', () => {
  it.each(OFF_SITE_SPELLINGS)('refuses %j', (spelling) => {
    expect(isSameSitePath(spelling)).toBe(false);
  });

  it.each([
    '/',
    '/dashboard',
    '/dashboard/people?q=ada&page=2',
    '/search?q=https://example.org//x',
    '/verify#result',
  ])('takes %j', (path) => {
    expect(isSameSitePath(path)).toBe(true);
  });
});
