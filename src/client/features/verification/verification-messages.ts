import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiRequestError } from '#client/lib/api-client.ts';
import { serverMessage } from '#client/lib/failure-text.ts';
import { refusalText } from '#client/lib/i18n/refusal-text.ts';
import { verificationCodes } from '#shared/api/verification-messages.ts';

export const robotMessage = msg`Please confirm you're not a robot!`;

// The server answers in English with a stable code; the dialog says the same in the page's language.
const byCode: Record<string, MessageDescriptor> = {
  [verificationCodes.proofRequired]: msg`The human check is missing. Please try again.`,
  [verificationCodes.proofRejected]: msg`The human check failed or was already used. Please try again.`,
};

/** What the "Oops..." dialog says for a failed verification, in the page's language. */
export function describeVerifyError(error: unknown, i18n: I18n): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 404) {
      return i18n._(msg`NRIC/FIN or e-Cert did not match. Please double-check your entries.`);
    }
    if (error.status === 429) return refusalText(error, i18n) ?? '';
    const translated = error.body ? byCode[error.body.code] : undefined;
    if (error.status === 400 && translated) return i18n._(translated);
    const own = serverMessage(error);
    if (error.status === 400 && own) return own;
  }
  return i18n._(msg`The verification service is not available right now. Please try again later.`);
}
