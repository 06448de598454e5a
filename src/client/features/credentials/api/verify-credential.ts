import { apiFetch } from '#client/lib/api-client.ts';
import type { CredentialVerification } from '#shared/api/credentials.ts';

/** Sends the file's text as it is: the server judges whether it is JSON at all. */
export const verifyCredentialText = (text: string) =>
  apiFetch<CredentialVerification>('/api/credentials/verify', { method: 'POST', body: text });
