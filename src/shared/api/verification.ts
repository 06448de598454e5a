import { z } from 'zod';

const identifier = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(200, { error: `${label} must be at most 200 characters` });

export const verifyInput = z.object({
  finNumber: identifier('NRIC/FIN/Other identification no.'),
  eCertNumber: identifier('e-Cert serial no.'),
  /** Base64 JSON `{ challenge, solution }` from the proof of work; optional only when the server turned it off. */
  altcha: z.string().max(10_000).optional(),
});
export type VerifyInput = z.infer<typeof verifyInput>;

export const verifyResponse = z.object({ id: z.uuid() });
export type VerifyResponse = z.infer<typeof verifyResponse>;

export { verificationCodes, verificationMessages } from './verification-messages.ts';
