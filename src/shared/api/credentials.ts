import { z } from 'zod';

/**
 * The checks a credential goes through, in the order a visitor reads them. `page`, for a PDF only:
 * what its page prints compared with the credential it carries.
 */
const credentialCheckNames = [
  'format',
  'signature',
  'issuer',
  'page',
  'result',
  'status',
  'validity',
] as const;
export type CredentialCheckName = (typeof credentialCheckNames)[number];

/** `unchecked` is never a pass: a check that could not run says so, and the credential is not verified. */
const credentialCheckOutcomes = ['pass', 'fail', 'unchecked'] as const;

const credentialCheck = z.object({
  check: z.enum(credentialCheckNames),
  outcome: z.enum(credentialCheckOutcomes),
  message: z.string(),
  /** The day (YYYY-MM-DD) a status or validity outcome is about: revoked on, valid until, valid from. */
  date: z.string().optional(),
  /** The test result a result outcome names, or the one a record changed to when that revoked it. */
  result: z.string().optional(),
});
export type CredentialCheck = z.infer<typeof credentialCheck>;

export const credentialVerification = z.object({
  /** True only when every check passed. */
  verified: z.boolean(),
  checks: z.array(credentialCheck),
  /** The credential read from a PDF that was sent, for the page to say whose it claims to be. */
  credential: z.record(z.string(), z.unknown()).optional(),
});
export type CredentialVerification = z.infer<typeof credentialVerification>;

/** Largest credential file accepted for checking; ours are about 3 kB. */
export const CREDENTIAL_MAX_BYTES = 256 * 1024;

/** Largest e-Cert PDF accepted for checking; ours are under 300 kB, most about 40 kB. */
export const CREDENTIAL_PDF_MAX_BYTES = 2 * 1024 * 1024;

/** "Does this credential belong to this FIN?", asked of the portal: credentials carry no FIN. */
export const checkFinInput = z.object({
  /** The credential's `id`: the address of its record page. */
  credentialId: z.string({ error: 'Send the id of the credential' }).max(500),
  finNumber: z
    .string({ error: 'Enter a FIN' })
    .trim()
    .min(1, { error: 'Enter a FIN' })
    .max(200, { error: 'A FIN is at most 200 characters' }),
});
export type CheckFinInput = z.infer<typeof checkFinInput>;

export const checkFinResult = z.object({ matches: z.boolean() });
export type CheckFinResult = z.infer<typeof checkFinResult>;

export const revokeInput = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, { error: 'Give a reason' })
    .max(200, { error: 'Keep the reason under 200 characters' }),
});

export const revocationState = z.object({
  id: z.string(),
  revokedAt: z.string().nullable(),
  revocationReason: z.string().nullable(),
});
export type RevocationState = z.infer<typeof revocationState>;
