import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { ApiRequestError } from '#client/lib/api-client.ts';

/**
 * The server words its refusals in English. Those a visitor of a public page can meet whatever
 * they sent (too many tries, a busy service) are said here in the page's language; null for
 * any other answer, whose own words say what was wrong with what was sent.
 */
export function refusalText(error: unknown, i18n: I18n): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    return i18n._(
      msg`Too many attempts. Please try again in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`,
    );
  }
  if (error.status === 503) return i18n._(msg`The service is busy right now. Please try again in a moment.`);
  return null;
}
