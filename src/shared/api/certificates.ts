import { z } from 'zod';

export const fileView = z.object({
  url: z.string(),
  thumbnailUrl: z.string().optional(),
  contentType: z.string(),
  size: z.number().int(),
});
export type FileView = z.infer<typeof fileView>;

/**
 * Valid, expired (past its validity), revoked, or not passed (a training record, no e-Cert);
 * revoked wins (shared/rules/record-state.ts).
 */
const recordStateValue = z.enum(['valid', 'expired', 'revoked', 'not-passed']);

const trainingRecord = z.object({
  courseName: z.string(),
  courseLevel: z.string(),
  passedDate: z.string(),
  result: z.string(),
  /** Each row's own state, so an expired or revoked "Passed" never looks valid. */
  state: recordStateValue,
  /** The record the page is about: a FIN may hold several, and the visitor checked this one. */
  current: z.boolean(),
});
export type TrainingRecord = z.infer<typeof trainingRecord>;

const certificateView = z.object({
  id: z.uuid(),
  name: z.string(),
  dob: z.string(),
  gender: z.string(),
  nationality: z.string(),
  passportNumber: z.string(),
  finNumber: z.string(),
  tradeTested: z.string(),
  testLevel: z.string(),
  testResult: z.string(),
  passedDate: z.string(),
  courseStatus: z.enum(['available', 'unavailable']),
  /** The last day the course is valid (YYYY-MM-DD); after it the record has expired. */
  courseExpiresOn: z.string(),
  /** What the page leads with: revoked wins over expired, expired over valid. */
  state: recordStateValue,
  signatureImage: fileView.nullable(),
  passportImage: fileView.nullable(),
  certificateImage: fileView.nullable(),
  pdf: fileView.nullable(),
  /** Revoked, or else whether it is an e-Cert at all: only a passed result is. */
  status: z.enum(['valid', 'revoked', 'not-passed']),
  revokedAt: z.string().nullable(),
  revocationReason: z.string().nullable(),
  issuer: z.string(),
  masked: z.boolean(),
  /** False: identity documents (the passport scan) are held by the issuer and not published. */
  identityDocumentsPublic: z.boolean(),
});
export type CertificateView = z.infer<typeof certificateView>;

export const certificateResponse = z.object({
  certificate: certificateView,
  records: z.array(trainingRecord),
});
export type CertificateResponse = z.infer<typeof certificateResponse>;
