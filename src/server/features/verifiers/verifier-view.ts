import type { VerifierView } from '#shared/api/verifiers.ts';
import type { verifier } from '../../db/schema/index.ts';

export type VerifierRow = typeof verifier.$inferSelect;

export const toVerifierView = (row: VerifierRow): VerifierView => ({
  id: row.id,
  companyName: row.companyName,
  registrationNumber: row.registrationNumber,
  contactName: row.contactName,
  email: row.email,
  purpose: row.purpose,
  status: row.status,
  dailyQuota: row.dailyQuota,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});
