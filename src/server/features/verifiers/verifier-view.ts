import { sql } from 'drizzle-orm';
import type { VerifierView } from '#shared/api/verifiers.ts';
import { noMatchShareHigh } from '#shared/rules/no-match-share.ts';
import { verifier } from '../../db/schema/index.ts';

export type VerifierRow = typeof verifier.$inferSelect;

/**
 * A verifier's rows of the last seven days, counted on its (verifier, time) index. The outer column
 * is written out whole: Drizzle leaves it unqualified, and inside the subquery that names c's id.
 */
const lastWeek = (filter: string) =>
  sql<number>`(select count(*)::int from verifier_check c
     where c.verifier_id = "verifier"."id" and c.checked_at > now() - interval '7 days' ${sql.raw(filter)})`;

/** The columns the staff list reads: the row and its last week's checks. */
export const verifierListColumns = {
  row: verifier,
  checks: lastWeek(''),
  noMatches: lastWeek("and c.outcome = 'no-match'"),
};

export const toVerifierView = (row: VerifierRow, week = { checks: 0, noMatches: 0 }): VerifierView => ({
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
  checksLastWeek: week.checks,
  noMatchesLastWeek: week.noMatches,
  noMatchAlert: noMatchShareHigh(week.checks, week.noMatches),
});
