import { ApiRequestError } from '#client/lib/api-client.ts';
import { serverMessage } from '#client/lib/failure-text.ts';

/**
 * What went wrong with a request, in words: a refused file (400/413/415) or commit carries the
 * server's own message, which says what to fix; anything else gets a general sentence.
 */
export function importFailureText(error: unknown, action: 'upload' | 'commit'): string {
  const refusal = serverMessage(error, { refusalsOnly: true });
  if (refusal) return refusal;
  if (error instanceof ApiRequestError && error.status === 0)
    return action === 'upload'
      ? 'The file could not be sent. Check your connection and try again.'
      : 'The records could not be saved. Check your connection and try again.';
  return action === 'upload'
    ? 'The import could not be started. Please try again.'
    : 'The records could not be saved. Please try again.';
}
