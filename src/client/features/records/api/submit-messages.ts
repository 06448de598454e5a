import { ApiRequestError } from '#client/lib/api-client.ts';

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
  if (error.status >= 400 && error.status < 500 && error.body?.message) return error.body.message;
  return texts.failed;
}

/** Field errors the server named, to show under the fields. */
export const serverFieldErrors = (error: unknown): Record<string, string> | null =>
  error instanceof ApiRequestError && error.body?.fields ? error.body.fields : null;
