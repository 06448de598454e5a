import { apiFetch } from '#client/lib/api-client.ts';
import { pageLanguage } from '#client/lib/page-language.ts';
import type { CredentialVerification } from '#shared/api/credentials.ts';

/**
 * Sends a credential file's text as it is, or an e-Cert PDF as it is: the server judges whether
 * the text is JSON, and reads the credential the PDF carries. Its check lines come in the page's language.
 */
export const verifyCredential = (sent: string | Blob) =>
  apiFetch<CredentialVerification>(`/api/credentials/verify?lang=${pageLanguage()}`, {
    method: 'POST',
    body: sent,
    ...(typeof sent === 'string' ? {} : { headers: { 'content-type': 'application/pdf' } }),
  });
