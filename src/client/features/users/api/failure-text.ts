import { ApiRequestError } from '#client/lib/api-client.ts';

/** The server's words when it refused; `failed` when it gave none, `network` when it was not reached. */
export function failureText(error: unknown, failed: string, network = failed): string {
  if (error instanceof ApiRequestError && error.status > 0) return error.body?.message ?? failed;
  return network;
}
