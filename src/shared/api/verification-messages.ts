/**
 * The verification texts both sides show. Kept apart from the Zod schemas in verification.ts so
 * the /verify page can import them without pulling Zod (23 kB gzipped) into its first paint.
 */
export const verificationMessages = {
  noMatch: 'NRIC/FIN or e-Cert did not match. Please double-check your entries.',
  proofRequired: 'The human check is missing. Please try again.',
  proofRejected: 'The human check failed or was already used. Please try again.',
} as const;

/** The stable codes of those refusals: the page translates by code, API users read the message. */
export const verificationCodes = {
  noMatch: 'NO_MATCH',
  proofRequired: 'PROOF_REQUIRED',
  proofRejected: 'INVALID_PROOF',
} as const;
