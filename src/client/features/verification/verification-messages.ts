import { ApiRequestError } from '#client/lib/api-client.ts';
import { verificationMessages } from '#shared/api/verification-messages.ts';

const serviceDown = 'The verification service is not available right now. Please try again later.';
export const robotMessage = "Please confirm you're not a robot!";

const tooManyAttempts = (retryAfterSeconds: number) =>
  `Too many attempts. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes.`;

/** What the "Oops..." dialog says for a failed verification. */
export function describeVerifyError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 404) return verificationMessages.noMatch;
    if (error.status === 429) return tooManyAttempts(error.retryAfterSeconds ?? 60);
    if (error.status === 400 && error.body?.message) return error.body.message;
  }
  return serviceDown;
}
