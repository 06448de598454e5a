import { ApiRequestError } from '#client/lib/api-client.ts';

/**
 * The server's own words for a failed request, which say what was wrong with what was sent.
 * `refusalsOnly` keeps them for 4xx answers: a form that has its own sentence for an outage says it.
 */
export function serverMessage(error: unknown, { refusalsOnly = false } = {}): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status === 0) return undefined;
  if (refusalsOnly && (error.status < 400 || error.status >= 500)) return undefined;
  return error.body?.message || undefined;
}

/** The server's words when it answered with some; `network` when it was not reached; else `failed`. */
export function failureText(error: unknown, failed: string, network = failed): string {
  if (error instanceof ApiRequestError && error.status === 0) return network;
  return serverMessage(error) ?? failed;
}
