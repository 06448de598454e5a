import { eq, sql } from 'drizzle-orm';
import type { DuplicateChoice } from '#shared/api/imports.ts';
import { type Db, queryRows } from '../../db/database.ts';
import { type Actor, recordAudit } from '../../db/record-audit.ts';
import { importJob } from '../../db/schema/index.ts';
import { chosenRows, insertNewRecords, replaceRecords } from './commit-sql.ts';
import { type ImportJobRow, updateImport, whileAlive } from './import-jobs.ts';
import { reclaimStagingSpace } from './reclaim-staging-space.ts';
import { EMBEDDED_STEP_MS, forEachRowRange } from './row-ranges.ts';
import { deleteStagedRows, lastStagedRow } from './stage-rows.ts';

interface Deps {
  db: Db;
  /**
   * The embedded database: its one connection is the transaction's until the commit ends, so no
   * progress can be written meanwhile, and deleted rows' space is given back by hand.
   */
  embedded: boolean;
  /** Told while the commit's transaction holds the embedded database's one connection. */
  holding?: (held: boolean) => void;
  log: { error(details: object, message: string): void };
}

/**
 * A trigram index gathers new rows in a pending list and sorts them into the index in the
 * statement that fills it past this size. At PostgreSQL's 4 MB, some 2,500 people, that step took
 * 80–220 ms of CPU on the embedded database where its neighbours took 14 ms; 1 MB cut the longest
 * by a third for a tenth more CPU in all (256 kB: a third more).
 */
const EMBEDDED_PENDING_LIST = '1MB';

const count = async (tx: Db, query: ReturnType<typeof insertNewRecords>) =>
  (await queryRows<{ n: number }>(tx, query))[0]?.n ?? 0;

/**
 * Writes every chosen row of a checked import in ONE transaction, with an audit event for each
 * record and one for the import: all of it lands, or (an error, a killed instance) none of it.
 * The import turns `done` in that same transaction.
 */
export async function commitImport(deps: Deps, job: ImportJobRow, duplicates: DuplicateChoice, actor: Actor) {
  try {
    if (deps.embedded) deps.holding?.(true);
    await whileAlive(deps.db, job.id, () =>
      deps.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const lastRow = await lastStagedRow(tx, job.id);
        // PostgreSQL serves other requests on other connections meanwhile: its steps stay whole.
        const pace = deps.embedded ? { budgetMs: EMBEDDED_STEP_MS } : {};
        if (deps.embedded)
          await tx.execute(sql.raw(`set local gin_pending_list_limit = '${EMBEDDED_PENDING_LIST}'`));
        let created = 0;
        let replaced = 0;
        await forEachRowRange(
          lastRow,
          async (range) => {
            const chosen = await queryRows<{ row: number; taken: boolean }>(
              tx,
              chosenRows(job.kind, job.id, duplicates, range),
            );
            const fresh = chosen.filter((row) => !row.taken).map((row) => row.row);
            const taken = chosen.filter((row) => row.taken).map((row) => row.row);
            if (duplicates === 'replace' && taken.length > 0) {
              replaced += await count(tx, replaceRecords(job.kind, job.id, actor, taken));
            }
            if (fresh.length > 0)
              created += await count(tx, insertNewRecords(job.kind, job.id, actor, fresh));
            if (!deps.embedded) {
              await updateImport(deps.db, job.id, { progress: Math.min(0.99, range.to / (lastRow + 1)) });
            }
          },
          pace,
        );
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
    deps.holding?.(false);
    deps.log.error({ err: error, importId: job.id }, 'import commit failed');
    await updateImport(deps.db, job.id, {
      status: 'failed',
      progress: 0,
      message: 'Saving did not complete, so nothing was saved. Commit again.',
    });
    return;
  }
  deps.holding?.(false);
  // The written rows live in their tables now, and a committed import offers no errors.csv.
  try {
    await deleteStagedRows(deps.db, job.id);
    await reclaimStagingSpace(deps.db, deps.embedded);
  } catch (error) {
    deps.log.error({ err: error, importId: job.id }, 'staged rows of a committed import not deleted');
  }
}
