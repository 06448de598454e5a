import { sendApiRequest } from '#client/lib/api-transport.ts';
import type { ApiError } from '#shared/api/errors.ts';
import { retryWhenBusy } from './retry-when-busy.ts';

/** A failed API call: the server's error body when it sent one, or a network failure (status 0). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body?.message ?? (status === 0 ? 'Network error' : `Request failed (${status})`));
  }
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && typeof init.body === 'string')
    headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await retryWhenBusy(
      () => sendApiRequest(path, { ...init, headers, credentials: 'same-origin' }),
      {
        signal: init.signal,
      },
    );
  } catch {
    throw new ApiRequestError(0, null);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiError | null;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiRequestError(
      response.status,
      body,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export const postJson = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body) });
