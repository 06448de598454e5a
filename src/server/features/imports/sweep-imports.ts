import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { importJob, importRow } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/file-store.ts';
import { deleteUnreferencedFiles, ORPHAN_GRACE_MS } from '../uploads/sweep-orphan-files.ts';
import { STALE_AFTER_MS } from './import-jobs.ts';
import { reclaimStagingSpace } from './reclaim-staging-space.ts';
import { deleteStagedRows } from './stage-rows.ts';

/** How long after its upload an import keeps its rows, committed or not. */
export const IMPORT_KEPT_HOURS = 24;
const HOUR_MS = 3_600_000;

interface Deps {
  db: Db;
  files: FileStore;
  embedded: boolean;
  /** Where uploads wait for their check (receive-upload.ts). */
  uploadsDir: string;
}

/**
 * Lets go of imports uploaded more than a day ago that no instance works on: one not committed
 * expires, every staged row goes (and the stored files only those rows named), and so do upload
 * folders a killed instance left behind. Committed and refused imports deleted their rows already.
 */
export async function sweepImports(deps: Deps, now = new Date()) {
  const { db } = deps;
  const uploadedBefore = new Date(now.getTime() - IMPORT_KEPT_HOURS * HOUR_MS);
  const idleSince = new Date(now.getTime() - STALE_AFTER_MS);
  const letGo = and(lt(importJob.createdAt, uploadedBefore), lt(importJob.heartbeatAt, idleSince));
  await db
    .update(importJob)
    .set({
      status: 'failed',
      checkedAt: null,
      progress: 0,
      message: `This import has expired: an import is kept for ${IMPORT_KEPT_HOURS} hours after its upload. Upload the file again.`,
    })
    .where(
      and(
        letGo,
        ne(importJob.status, 'done'),
        or(isNotNull(importJob.checkedAt), inArray(importJob.status, ['checking', 'committing'])),
      ),
    );
  const holding = await db
    .select({ id: importJob.id })
    .from(importJob)
    .where(
      and(letGo, sql`exists (select 1 from ${importRow} where ${importRow.importId} = ${importJob.id})`),
    );
  for (const { id } of holding) {
    const keys = await deleteStagedRows(db, id);
    await deleteUnreferencedFiles(db, deps.files, keys, { graceMs: ORPHAN_GRACE_MS, now });
  }
  if (holding.length > 0) await reclaimStagingSpace(db, deps.embedded);
  await removeUploadsBefore(deps.uploadsDir, uploadedBefore);
}

async function removeUploadsBefore(dir: string, before: Date) {
  const names = await readdir(dir).catch(() => []);
  for (const name of names) {
    const folder = path.join(dir, name);
    // An upload that ended meanwhile took its folder with it.
    const found = await stat(folder).catch(() => null);
    if (found && found.mtime < before) await rm(folder, { recursive: true, force: true });
  }
}
