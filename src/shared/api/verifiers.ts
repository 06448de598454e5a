import { z } from 'zod';
import { emailField } from './auth.ts';

const verifierStatuses = ['pending', 'approved', 'refused', 'suspended'] as const;
export type VerifierStatus = (typeof verifierStatuses)[number];

/** A new account's daily quota until staff set another: rows checked in one UTC day. */
export const DEFAULT_DAILY_QUOTA = 1000;

const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, { error: min > 1 ? `${label} must be at least ${min} characters` : `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** What an organisation gives when it applies for a verifier account on the public page. */
export const verifierApplicationInput = z.object({
  companyName: text('Company name', 200),
  registrationNumber: text('Registration number', 50),
  contactName: text('Contact person', 200),
  email: emailField,
  purpose: text('Purpose', 1000, 10),
});
export type VerifierApplicationInput = z.infer<typeof verifierApplicationInput>;

export const verifierView = z.object({
  id: z.string(),
  companyName: z.string(),
  registrationNumber: z.string(),
  contactName: z.string(),
  email: z.string(),
  purpose: z.string(),
  status: z.enum(verifierStatuses),
  dailyQuota: z.number().int(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Rows checked in the last seven days, and how many of them had no match. */
  checksLastWeek: z.number().int(),
  noMatchesLastWeek: z.number().int(),
  /** Whether so many rows missed that someone may be guessing (rules/no-match-share.ts). */
  noMatchAlert: z.boolean(),
});
export type VerifierView = z.infer<typeof verifierView>;

export const verifiersResponse = z.object({ items: z.array(verifierView) });
export type VerifiersResponse = z.infer<typeof verifiersResponse>;

/** Staff change a verifier's daily quota: every checked row counts against it. */
export const verifierQuotaInput = z.object({
  dailyQuota: z
    .number({ error: 'Daily quota must be a number' })
    .int({ error: 'Daily quota must be a whole number' })
    .min(0, { error: 'Daily quota must be 0 or more' })
    .max(1_000_000, { error: 'Daily quota must be at most 1,000,000' }),
});

/** An approval: the account, and the one-time link its contact person sets a password with. */
export const verifierApproval = z.object({
  verifier: verifierView,
  setupLink: z.object({ url: z.string(), expiresAt: z.string() }),
});
export type VerifierApproval = z.infer<typeof verifierApproval>;

/** The signed-in verifier's own account, as the verifier area shows it. */
export const verifierAccount = z.object({
  companyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  purpose: z.string(),
  dailyQuota: z.number().int(),
  usedToday: z.number().int(),
  twoFactorEnabled: z.boolean(),
});
export type VerifierAccount = z.infer<typeof verifierAccount>;

/** The most rows one list takes: a firm's intake for a site, checked in one go. */
export const MAX_LIST_ROWS = 1000;

/** What became of a row: the record's state, no match, or why it was not checked. */
const listOutcomes = [
  'valid',
  'expired',
  'revoked',
  'not-passed',
  'no-match',
  'duplicate',
  'invalid',
  'over-quota',
  'too-many-no-matches',
] as const;
export type ListOutcome = (typeof listOutcomes)[number];

/** How the result table, its CSV and its report name each outcome. */
export const outcomeLabels: Record<ListOutcome, string> = {
  valid: 'Valid',
  expired: 'Expired',
  revoked: 'Revoked',
  'not-passed': 'Not a pass',
  'no-match': 'No match',
  duplicate: 'Duplicate',
  invalid: 'Bad row',
  'over-quota': 'Not checked (quota)',
  'too-many-no-matches': 'Not checked (no-match limit)',
};

const listRowResult = z.object({
  /** The row as a spreadsheet numbers it (the header, if any, is row 1), or the pasted line. */
  row: z.number().int(),
  finNumber: z.string(),
  eCertNumber: z.string(),
  outcome: z.enum(listOutcomes),
  /** For a match: the holder's name and course, as the public record page shows them. */
  name: z.string().nullable(),
  course: z.string().nullable(),
  passedDate: z.string().nullable(),
  expiresOn: z.string().nullable(),
  /** Why a row was not checked, in words. */
  note: z.string().nullable(),
});
export type ListRowResult = z.infer<typeof listRowResult>;

/**
 * A row as the signed report and its public page show it: the FIN masked as on the public record
 * page.
 */
const reportRow = listRowResult.omit({ passedDate: true });
export type ReportRow = z.infer<typeof reportRow>;

/** A checked list's report, as its public page shows it to whoever scans its QR code. */
export const verifierReportView = z.object({
  id: z.string(),
  checkedAt: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  rows: z.array(reportRow),
});
export type VerifierReportView = z.infer<typeof verifierReportView>;

export const listCheckResult = z.object({
  /** The list's report (PDF and public page), kept as long as the check log. */
  reportId: z.string(),
  checkedAt: z.string(),
  rows: z.array(listRowResult),
  usedToday: z.number().int(),
  dailyQuota: z.number().int(),
});
export type ListCheckResult = z.infer<typeof listCheckResult>;

/** Rows pasted as text: one FIN and serial a line, separated by a comma, semicolon, tab or spaces. */
export const pastedListInput = z.object({
  text: z
    .string({ error: 'Paste the rows to check' })
    .trim()
    .min(1, { error: 'Paste the rows to check' })
    .max(200_000, { error: 'The pasted list is too long: at most 1,000 rows' }),
});

/** One entry of the check log, as staff read it per verifier or per record. */
const checkLogEntry = z.object({
  id: z.string(),
  checkedAt: z.string(),
  outcome: z.string(),
  purpose: z.string(),
  verifierId: z.string(),
  companyName: z.string(),
  personId: z.string().nullable(),
  holderName: z.string().nullable(),
});
export type CheckLogEntry = z.infer<typeof checkLogEntry>;
/** A screen of the log, newest first; `next` asks for the screen after it (`?after=`), null at the end. */
export const checkLogResponse = z.object({ items: z.array(checkLogEntry), next: z.string().nullable() });
export type CheckLogResponse = z.infer<typeof checkLogResponse>;

/** One FIN and serial, as a verifier's system sends them. */
export const pairCheckInput = z.object({
  finNumber: z.string({ error: 'FIN is required' }).trim().min(1, { error: 'FIN is required' }).max(50),
  eCertNumber: z
    .string({ error: 'Serial number is required' })
    .trim()
    .min(1, { error: 'Serial number is required' })
    .max(50),
});

export const verifierKeyInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(100, { error: 'Name must be at most 100 characters' }),
});
const verifierKeyView = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type VerifierKeyView = z.infer<typeof verifierKeyView>;
export const verifierKeysResponse = z.object({ items: z.array(verifierKeyView) });
/** A new key: its secret is in this answer and nowhere else, ever. */
export const newVerifierKey = verifierKeyView.extend({ key: z.string() });
export type NewVerifierKey = z.infer<typeof newVerifierKey>;
