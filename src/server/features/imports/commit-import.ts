import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DuplicateChoice } from '#shared/api/imports.ts';
import { type Db, queryRows } from '../../db/database.ts';
import { importJob, importRow } from '../../db/schema/index.ts';
import { type Actor, recordAudit } from '../audit/record-audit.ts';
import { chosenRows, insertNewRecords, replaceRecords } from './commit-sql.ts';
import { type ImportJobRow, updateImport, whileAlive } from './import-jobs.ts';

/** Rows written per statement, between which the progress is reported. */
const CHUNK = 10_000;

interface Deps {
  db: Db;
  /** False on PGlite: its one connection is the transaction's until the commit ends. */
  canReportDuringTransaction: boolean;
  log: { error(details: object, message: string): void };
}

const count = async (tx: Db, query: ReturnType<typeof insertNewRecords>) =>
  (await queryRows<{ n: number }>(tx, query))[0]?.n ?? 0;

/**
 * Writes every chosen row of a checked import in ONE transaction, with an audit event for each
 * record and one for the import: all of it lands, or (an error, a killed instance) none of it.
 * The import turns `done` in that same transaction.
 */
export async function commitImport(deps: Deps, job: ImportJobRow, duplicates: DuplicateChoice, actor: Actor) {
  try {
    await whileAlive(deps.db, job.id, () =>
      deps.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const lastRow = await lastStagedRow(tx, job.id);
        let created = 0;
        let replaced = 0;
        for (let from = 2; from <= lastRow; from += CHUNK) {
          const chosen = await queryRows<{ row: number; taken: boolean }>(
            tx,
            chosenRows(job.kind, job.id, duplicates, { from, to: from + CHUNK }),
          );
          const fresh = chosen.filter((row) => !row.taken).map((row) => row.row);
          const taken = chosen.filter((row) => row.taken).map((row) => row.row);
          if (duplicates === 'replace' && taken.length > 0) {
            replaced += await count(tx, replaceRecords(job.kind, job.id, actor, taken));
          }
          if (fresh.length > 0) created += await count(tx, insertNewRecords(job.kind, job.id, actor, fresh));
          if (deps.canReportDuringTransaction) {
            await updateImport(deps.db, job.id, { progress: Math.min(0.99, (from + CHUNK) / (lastRow + 1)) });
          }
        }
        const skipped = job.valid - created - replaced;
        await recordAudit(transaction, {
          actor,
          entityType: 'import',
          entityId: job.id,
          action: 'import',
          changes: {
            kind: [null, job.kind],
            rows: [null, job.rows],
            invalid: [null, job.invalid],
            duplicates: [null, duplicates],
            created: [null, created],
            replaced: [null, replaced],
            skipped: [null, skipped],
          },
        });
        await tx
          .update(importJob)
          .set({ status: 'done', progress: 1, created, replaced, skipped, message: null })
          .where(eq(importJob.id, job.id));
      }),
    );
  } catch (error) {
    deps.log.error({ err: error, importId: job.id }, 'import commit failed');
    await updateImport(deps.db, job.id, {
      status: 'failed',
      progress: 0,
      message: 'Saving did not complete, so nothing was saved. Commit again.',
    });
    return;
  }
  // The written rows live in their tables now; the bad rows stay for errors.csv.
  await deps.db
    .delete(importRow)
    .where(and(eq(importRow.importId, job.id), isNotNull(importRow.fields)))
    .catch(() => undefined);
}

async function lastStagedRow(tx: Db, importId: string): Promise<number> {
  const [result] = await queryRows<{ last: number | null }>(
    tx,
    sql`select max(row) as last from ${importRow} where import_id = ${importId}`,
  );
  return result?.last ?? 0;
}
