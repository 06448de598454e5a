import { postJson } from '#client/lib/api-client.ts';
import type { VerifyInput, VerifyResponse } from '#shared/api/verification.ts';
import { solveProofOfWork } from './solve-proof-of-work.ts';

/** Proves work, then asks the server for the one record matching both numbers. */
export async function verifyCertificate(input: Omit<VerifyInput, 'altcha'>): Promise<VerifyResponse> {
  const altcha = await solveProofOfWork();
  return postJson<VerifyResponse>('/api/verify', { ...input, altcha });
}
