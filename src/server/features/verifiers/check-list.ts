import { eq, sql } from 'drizzle-orm';
import type { ListCheckResult, ListOutcome, ListRowResult, ReportRow } from '#shared/api/verifiers.ts';
import { courseExpiryDate, courseStatus } from '#shared/rules/course-validity.ts';
import { maskIdentifier } from '#shared/rules/masking.ts';
import { recordState } from '#shared/rules/record-state.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/record-audit.ts';
import { verifier, verifierReport } from '../../db/schema/index.ts';
import type { ListRecord } from './find-list-records.ts';
import { jsonArrayInTurns, mapInTurns } from './in-turns.ts';
import { noMatchesThisHour, storeQuotaUsed, usedTodayColumn } from './quota.ts';
import type { ListEntry } from './read-list.ts';
import { noteText, noteWords } from './report-words.ts';
import type { VerifierRow } from './verifier-view.ts';

/** A row without a match takes two rows of quota: guessing costs double what checking does. */
const NO_MATCH_WEIGHT = 2;
const HOUR = 3_600_000;

/**
 * Rows without a match a verifier may have in an hour: what one address gets from the public page
 * in an hour (VERIFY_RATE_LIMIT, 20 per 10 minutes → 120), so guessing through a list is never
 * faster than through the page. With the page's limit off (a proxy limits it), 120.
 */
function noMatchesPerHour(config: Pick<Config, 'verification'>): number {
  const limit = config.verification.rateLimit;
  return limit ? Math.max(1, Math.floor((limit.max * HOUR) / limit.timeWindowMs)) : 120;
}

const notChecked: Record<'over-quota' | 'too-many-no-matches', string> = {
  'over-quota': noteText(noteWords.overQuota),
  'too-many-no-matches': noteText(noteWords.tooManyNoMatches),
};

/**
 * Checks a list's rows in order against the records found for them, within the verifier's daily
 * quota and hourly no-match ceiling: the rows checked are logged and kept; from the first row that
 * does not fit, the rest are named as not checked and their answers withheld. The verifier's row
 * is locked meanwhile, so two lists at once cannot both spend the same quota. The rows are kept as
 * the list's report, the FINs masked as the public page masks them.
 */
export async function checkList(
  db: Db,
  config: Pick<Config, 'verification' | 'certValidityYears' | 'maskIdentifiers'>,
  account: VerifierRow,
  entries: ListEntry[],
  recordOf: (entry: ListEntry) => ListRecord | undefined,
): Promise<ListCheckResult> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ dailyQuota: verifier.dailyQuota, usedToday: usedTodayColumn })
      .from(verifier)
      .where(eq(verifier.id, account.id))
      .for('update');
    const dailyQuota = locked?.dailyQuota ?? 0;
    let used = locked?.usedToday ?? 0;
    let noMatches = await noMatchesThisHour(tx, account.id);
    const ceiling = noMatchesPerHour(config);
    let stoppedBy: 'over-quota' | 'too-many-no-matches' | null = null;
    const logged: LoggedRow[] = [];

    const checkRow = (entry: ListEntry): ListRowResult => {
      const unmatched = (outcome: ListOutcome, note: string | null): ListRowResult => ({
        row: entry.row,
        finNumber: entry.fin,
        eCertNumber: entry.serial,
        outcome,
        name: null,
        course: null,
        passedDate: null,
        expiresOn: null,
        note,
      });
      if (entry.problem) return unmatched('invalid', entry.problem);
      if (entry.duplicateOf !== undefined) {
        return unmatched('duplicate', noteText(noteWords.duplicateOf, { row: entry.duplicateOf }));
      }
      const record = recordOf(entry);
      const weight = record ? 1 : NO_MATCH_WEIGHT;
      if (!stoppedBy && used + weight > dailyQuota) stoppedBy = 'over-quota';
      if (!stoppedBy && !record && noMatches + 1 > ceiling) stoppedBy = 'too-many-no-matches';
      if (stoppedBy) return unmatched(stoppedBy, notChecked[stoppedBy]);
      used += weight;
      if (!record) noMatches += 1;
      const outcome: ListOutcome = record ? stateOf(record, config.certValidityYears) : 'no-match';
      logged.push({ person_id: record?.id ?? null, outcome, weight });
      if (!record) return unmatched(outcome, null);
      // Written out, not spread: spreading objects costs several times as much, 1,000 rows a list.
      return {
        row: entry.row,
        finNumber: entry.fin,
        eCertNumber: entry.serial,
        outcome,
        name: record.name,
        course: [record.tradeTested, record.testLevel].filter(Boolean).join(', '),
        passedDate: record.passedDate,
        expiresOn: courseExpiryDate(record.passedDate, config.certValidityYears),
        note: null,
      };
    };
    const rows = await mapInTurns(entries, checkRow);
    if (logged.length > 0) {
      await logChecks(tx, account, logged);
      await storeQuotaUsed(tx, account.id, used);
    }
    const mask = config.maskIdentifiers ? maskIdentifier : (fin: string) => fin;
    const reported = await jsonArrayInTurns(
      rows,
      (row): ReportRow => ({
        row: row.row,
        finNumber: mask(row.finNumber),
        eCertNumber: row.eCertNumber,
        outcome: row.outcome,
        name: row.name,
        course: row.course,
        expiresOn: row.expiresOn,
        note: row.note,
      }),
    );
    const [report] = await tx
      .insert(verifierReport)
      .values({ verifierId: account.id, rows: sql`${reported}::jsonb` })
      .returning({ id: verifierReport.id, checkedAt: verifierReport.checkedAt });
    if (!report) throw new Error('The list report was not stored.');
    return {
      reportId: report.id,
      checkedAt: report.checkedAt.toISOString(),
      rows,
      usedToday: used,
      dailyQuota,
    };
  });
}

interface LoggedRow {
  person_id: string | null;
  outcome: ListOutcome;
  weight: number;
}

/**
 * The list's rows into the check log in one statement with one parameter for them all: Drizzle's
 * insert of 1,000 rows binds 5,000 parameters and took 3 to 5 times as long.
 */
const logChecks = (tx: Tx, account: VerifierRow, rows: LoggedRow[]) =>
  tx.execute(sql`
    insert into verifier_check (verifier_id, person_id, outcome, purpose, weight)
    select ${account.id}::uuid, r.person_id, r.outcome, ${account.purpose}, r.weight
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(person_id uuid, outcome text, weight int)`);

const stateOf = (record: ListRecord, validityYears: number): ListOutcome =>
  recordState({
    revokedAt: record.revokedAt,
    courseStatus: courseStatus(record, validityYears),
    testResult: record.testResult,
  });
