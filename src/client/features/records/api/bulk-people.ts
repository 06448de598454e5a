import { ApiRequestError, postJson } from '#client/lib/api-client.ts';
import type { ApiError } from '#shared/api/errors.ts';
import type { BulkResult, BulkRevocationMatching } from '#shared/api/people.ts';

/** Moves the chosen people to the trash: all of them, or none (the server's message says why). */
export const trashPeople = (ids: string[]) => postJson<BulkResult>('/api/people/bulk/delete', { ids });

/** Revokes the chosen people with one reason: all of them, or none. */
export const revokePeople = ({ ids, reason }: { ids: string[]; reason: string }) =>
  postJson<BulkResult>('/api/people/bulk/revoke', { ids, reason });

/** Revokes every record the list's search and filters match, if `count` still do: all, or none. */
export const revokeMatchingPeople = (input: BulkRevocationMatching) =>
  postJson<BulkResult>('/api/people/bulk/revoke-matching', input);

/**
 * Downloads the chosen people as CSV in the import template's columns. A POST (up to 500 ids do
 * not fit a URL), so the file comes back to the page, which hands it to the browser as a download.
 */
export async function exportChosenPeople(ids: string[]): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/people/export.csv', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiRequestError(0, null);
  }
  if (!response.ok) {
    throw new ApiRequestError(response.status, (await response.json().catch(() => null)) as ApiError | null);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name ?? 'people.csv' });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: revoked at once, the download may not have read it yet.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
