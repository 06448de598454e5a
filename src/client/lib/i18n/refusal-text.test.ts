import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { pageI18nIn } from './page-i18n.server.ts';
import { refusalText } from './refusal-text.ts';

const refused = (status: number, retryAfterSeconds: number | null = null) =>
  new ApiRequestError(status, { statusCode: status, code: 'X', message: 'English words' }, retryAfterSeconds);

describe('refusalText', () => {
  it('says "too many tries" with the wait in minutes, in the page language', () => {
    expect(refusalText(refused(429, 120), pageI18nIn('en'))).toBe(
      'Too many attempts. Please try again in 2 minutes.',
    );
    expect(refusalText(refused(429, 30), pageI18nIn('en'))).toBe(
      'Too many attempts. Please try again in 1 minute.',
    );
    for (const language of ['zh-Hans', 'ms', 'ta'] as const) {
      const text = refusalText(refused(429, 120), pageI18nIn(language));
      expect(text, language).not.toContain('English');
      expect(text, language).not.toContain('Too many');
      expect(text, language).toContain('2');
    }
  });

  it('says that the service is busy, translated', () => {
    expect(refusalText(refused(503), pageI18nIn('en'))).toBe(
      'The service is busy right now. Please try again in a moment.',
    );
    expect(refusalText(refused(503), pageI18nIn('ms'))).not.toContain('busy');
  });

  it('leaves any other answer to its own words', () => {
    expect(refusalText(refused(400), pageI18nIn('ta'))).toBeNull();
    expect(refusalText(new Error('network'), pageI18nIn('ta'))).toBeNull();
  });
});
