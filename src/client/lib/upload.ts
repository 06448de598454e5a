import type { ApiError } from '#shared/api/errors.ts';
import { ApiRequestError } from './api-client.ts';

export interface UploadOptions {
  method?: 'POST' | 'PATCH';
  /** Called with 0–100 as the request body goes out. */
  onProgress?: (percent: number) => void;
}

const errorBody = (value: unknown): ApiError | null =>
  value && typeof value === 'object' && typeof (value as ApiError).message === 'string'
    ? (value as ApiError)
    : null;

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Sends multipart form data and reports upload progress. XMLHttpRequest, not fetch: fetch has no
 * upload progress events. Failures reject with the same ApiRequestError apiFetch throws
 * (status 0 for a network failure), so callers handle both alike.
 */
export function uploadForm<T>(
  url: string,
  body: FormData,
  { method = 'POST', onProgress }: UploadOptions = {},
) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const parsed = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(parsed as T);
        return;
      }
      const retryAfter = Number(xhr.getResponseHeader('retry-after'));
      reject(
        new ApiRequestError(
          xhr.status,
          errorBody(parsed),
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiRequestError(0, null));
    xhr.onabort = () => reject(new ApiRequestError(0, null));
    xhr.ontimeout = () => reject(new ApiRequestError(0, null));
    xhr.send(body);
  });
}
