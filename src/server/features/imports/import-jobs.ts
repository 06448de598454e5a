import { and, eq, getTableColumns, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { ImportKind, ImportView } from '#shared/api/imports.ts';
import { isUuid } from '#shared/api/page-data.ts';
import type { Db } from '../../db/database.ts';
import { importJob, importRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';

export type ImportJobRow = typeof importJob.$inferSelect;

/** How often the instance working on an import says so, and how long a silence means it is gone. */
const HEARTBEAT_MS = 2_000;
const STALE_AFTER_MS = 10_000;

const importNotFound = () => notFound('No such import.');

export const toImportView = (row: ImportJobRow): ImportView => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  fileName: row.fileName,
  rows: row.rows,
  valid: row.valid,
  invalid: row.invalid,
  duplicates: row.duplicates,
  progress: row.progress,
  errors: row.errors,
  warnings: row.warnings,
  message: row.message,
  created: row.created,
  replaced: row.replaced,
  skipped: row.skipped,
  committable: row.checkedAt !== null && (row.status === 'ready' || row.status === 'failed'),
  createdAt: row.createdAt.toISOString(),
});

const staleBefore = sql`now() - ${`${STALE_AFTER_MS} milliseconds`}::interval`;

const interrupted = sql`case ${importJob.status}
  when 'checking' then 'The check stopped before the end because the server went away. Upload the file again.'
  else 'Saving stopped before the end because the server went away; nothing was saved. Commit again.' end`;

/**
 * The import, marked failed first if its instance stopped renewing it (killed or restarted), so it
 * never looks busy forever; a commit's transaction died with its instance, so nothing of it
 * remains. Only a stale import is written to: the page polls this twice a second.
 */
export async function findImport(db: Db, kind: ImportKind, id: string): Promise<ImportJobRow> {
  if (!isUuid(id)) throw importNotFound();
  const [row] = await db
    .select({ ...getTableColumns(importJob), stale: sql<boolean>`${importJob.heartbeatAt} < ${staleBefore}` })
    .from(importJob)
    .where(and(eq(importJob.id, id), eq(importJob.kind, kind)));
  if (!row) throw importNotFound();
  const { stale, ...job } = row;
  if (!stale || (job.status !== 'checking' && job.status !== 'committing')) return job;
  const [failed] = await db
    .update(importJob)
    .set({ status: 'failed', message: interrupted })
    .where(
      and(
        eq(importJob.id, id),
        inArray(importJob.status, ['checking', 'committing']),
        lt(importJob.heartbeatAt, staleBefore),
      ),
    )
    .returning();
  return failed ?? job;
}

/** Takes a checked import for committing, once: two clicks or two instances cannot both commit it. */
export async function claimForCommit(db: Db, kind: ImportKind, id: string): Promise<ImportJobRow> {
  const current = await findImport(db, kind, id);
  const [claimed] = await db
    .update(importJob)
    .set({ status: 'committing', progress: 0, message: null, heartbeatAt: sql`now()` })
    .where(
      and(
        eq(importJob.id, current.id),
        isNotNull(importJob.checkedAt),
        inArray(importJob.status, ['ready', 'failed']),
      ),
    )
    .returning();
  if (!claimed) {
    const why = current.status === 'done' ? 'has been committed already' : `is ${current.status}`;
    throw new AppError(409, `This import cannot be committed: it ${why}.`, 'CONFLICT');
  }
  return claimed;
}

/** Renews the import's heartbeat while `work` runs, so other instances know it is alive. */
export async function whileAlive<T>(db: Db, id: string, work: () => Promise<T>): Promise<T> {
  const beat = () =>
    db
      .update(importJob)
      .set({ heartbeatAt: sql`now()` })
      .where(eq(importJob.id, id))
      .catch(() => {
        // A missed beat is harmless; only a long silence fails the import.
      });
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export async function updateImport(db: Db, id: string, values: Partial<typeof importJob.$inferInsert>) {
  await db.update(importJob).set(values).where(eq(importJob.id, id));
}

/** How long a checked import waits for its commit before its staged rows (and files) are let go. */
const KEPT_UNCOMMITTED_DAYS = 7;

/**
 * Lets go of checked imports nobody committed within a week: their valid staged rows go, so the
 * files only those rows named become orphans for the sweep; the import says what happened.
 */
export async function expireUncommittedImports(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - KEPT_UNCOMMITTED_DAYS * 24 * 3_600_000);
  const expired = await db
    .update(importJob)
    .set({
      status: 'failed',
      checkedAt: null,
      message: `This import was not committed within ${KEPT_UNCOMMITTED_DAYS} days and has expired. Upload the file again.`,
    })
    .where(
      and(
        inArray(importJob.status, ['ready', 'failed']),
        isNotNull(importJob.checkedAt),
        lt(importJob.createdAt, cutoff),
      ),
    )
    .returning({ id: importJob.id });
  if (expired.length === 0) return;
  const ids = expired.map((job) => job.id);
  await db.delete(importRow).where(and(inArray(importRow.importId, ids), isNotNull(importRow.fields)));
}
