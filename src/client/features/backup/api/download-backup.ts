import { ApiRequestError } from '#client/lib/api-client.ts';
import type { ApiError } from '#shared/api/errors.ts';

/**
 * Asks for a backup encrypted with `passphrase` and hands it to the browser as a download. A POST,
 * so the passphrase stays out of addresses and logs; the archive comes back to the page first
 * (browsers keep a large one on disk), so a refusal shows in the form instead of a JSON page.
 */
export async function downloadBackup(passphrase: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/backup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase }),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiRequestError(0, null);
  }
  if (!response.ok)
    throw new ApiRequestError(response.status, (await response.json().catch(() => null)) as ApiError | null);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name ?? 'backup.zip.age' });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: revoked at once, the download may not have read it yet.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
