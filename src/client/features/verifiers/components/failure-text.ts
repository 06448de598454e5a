import { ApiRequestError } from '#client/lib/api-client.ts';

/** The server's words when it refused; `failed` when it gave none or was not reached. */
export const failureText = (error: unknown, failed: string) =>
  error instanceof ApiRequestError && error.status > 0 ? (error.body?.message ?? failed) : failed;
