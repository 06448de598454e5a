import { and, eq, getTableColumns, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ImportKind, ImportView } from '#shared/api/imports.ts';
import { isRecordId } from '#shared/rules/record-id.ts';
import type { SessionUser } from '../../auth/read-session.ts';
import type { Db } from '../../db/database.ts';
import { importJob } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';

export type ImportJobRow = typeof importJob.$inferSelect;

/** How often the instance working on an import says so, and how long a silence means it is gone. */
const HEARTBEAT_MS = 2_000;
export const STALE_AFTER_MS = 10_000;

const importNotFound = () => notFound('No such import.');

/** Who asks: staff see every import, and commit their own; administrators commit any. */
export type Viewer = Pick<SessionUser, 'id' | 'role'>;

const mayCommit = (row: ImportJobRow, viewer: Viewer) =>
  viewer.role === 'admin' || (row.createdBy !== null && row.createdBy === viewer.id);

export const toImportView = (row: ImportJobRow, viewer: Viewer): ImportView => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  fileName: row.fileName,
  rows: row.rows,
  valid: row.valid,
  invalid: row.invalid,
  duplicates: row.duplicates,
  duplicatesInFile: row.duplicatesInFile,
  duplicateRows: row.duplicateRows,
  progress: row.progress,
  errors: row.errors,
  warnings: row.warnings,
  separator: row.separator,
  encoding: row.encoding,
  dateOrder: row.dateOrder,
  originalRows: row.originalRows,
  message: row.message,
  created: row.created,
  replaced: row.replaced,
  skipped: row.skipped,
  committable:
    row.checkedAt !== null && (row.status === 'ready' || row.status === 'failed') && mayCommit(row, viewer),
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
  if (!isRecordId(id)) throw importNotFound();
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

/**
 * Takes a checked import for committing, once: two clicks or two instances cannot both commit it.
 * Only whoever uploaded it, or an administrator, may.
 */
export async function claimForCommit(
  db: Db,
  kind: ImportKind,
  id: string,
  viewer: Viewer,
): Promise<ImportJobRow> {
  const current = await findImport(db, kind, id);
  if (!mayCommit(current, viewer)) {
    throw new AppError(
      403,
      'Only the staff member who uploaded this import, or an administrator, can commit it.',
      'FORBIDDEN',
    );
  }
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

export async function updateImport(db: Db, id: string, values: PgUpdateSetSource<typeof importJob>) {
  await db.update(importJob).set(values).where(eq(importJob.id, id));
}

/** Whether the import still holds its checked rows: until it is committed or has expired. */
export const keepsRows = (row: ImportJobRow) => row.checkedAt !== null && row.status !== 'done';
