import { ApiRequestError } from '#client/lib/api-client.ts';
import { failureText, serverMessage } from '#client/lib/failure-text.ts';

/** The form texts, for new records and for edits. */
export const submitMessages = {
  create: {
    success: 'Data submitted successfully!',
    failed: 'Failed to submit data.',
    network: 'An error occurred while submitting.',
  },
  update: {
    success: 'Data updated successfully!',
    failed: 'Failed to update data.',
    network: 'An error occurred.',
  },
} as const;

export type SubmitKind = keyof typeof submitMessages;

/** A rejected request (4xx) shows the server's words; a server failure or lost connection its text. */
export function submitFailureText(error: unknown, kind: SubmitKind): string {
  const texts = submitMessages[kind];
  if (!(error instanceof ApiRequestError) || error.status === 0) return texts.network;
  return serverMessage(error, { refusalsOnly: true }) ?? texts.failed;
}

/** A revocation or bulk change the server refused shows its words. */
export const saveFailureText = (error: unknown) => failureText(error, 'Could not save. Please try again.');

/** Field errors the server named, to show under the fields. */
export const serverFieldErrors = (error: unknown): Record<string, string> | null =>
  error instanceof ApiRequestError && error.body?.fields ? error.body.fields : null;
