import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import { contentDraft, contentVersion, importRow, person } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/file-store.ts';

// A logo or signature the content names (brand-images), in any kept version or draft.
const BRAND_IMAGE_PATTERN = '/brand-images/([a-f0-9]{64}\\.png)';

/** A file younger than this may belong to an upload whose row is not committed yet. */
export const ORPHAN_GRACE_MS = 60 * 60_000;

const BATCH_SIZE = 1000;

/**
 * The keys among `keys` that some person row (live or in the trash) refers to, or a checked import
 * waiting for its commit: images, their thumbnails, PDFs; and the brand images of the content. One scan of each table per call, whatever
 * the number of keys. These are the only owners of stored files; a new owner must be added here.
 */
async function findReferencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const wanted = sql`(select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;
  const rows = await queryRows<{ key: string }>(
    db,
    sql`
    select ref.key from ${person} as p
    cross join lateral (values
      (p.signature_image ->> 'key'), (p.signature_image ->> 'thumbnailKey'),
      (p.passport_image ->> 'key'), (p.passport_image ->> 'thumbnailKey'),
      (p.certificate_image ->> 'key'), (p.certificate_image ->> 'thumbnailKey'),
      (p.pdf ->> 'key'), (p.pdf ->> 'thumbnailKey')
    ) as ref(key)
    where ref.key in ${wanted}
    union
    select ref.key from ${importRow} as r
    cross join lateral (values
      (r.fields #>> '{signatureImage,key}'), (r.fields #>> '{signatureImage,thumbnailKey}'),
      (r.fields #>> '{passportImage,key}'), (r.fields #>> '{passportImage,thumbnailKey}'),
      (r.fields #>> '{certificateImage,key}'), (r.fields #>> '{certificateImage,thumbnailKey}'),
      (r.fields #>> '{pdf,key}')
    ) as ref(key)
    where r.fields is not null and ref.key in ${wanted}
    union
    select m.found[1] from ${contentVersion} as v
    cross join lateral regexp_matches(v.files::text, ${BRAND_IMAGE_PATTERN}, 'g') as m(found)
    where m.found[1] in ${wanted}
    union
    select m.found[1] from ${contentDraft} as d
    cross join lateral regexp_matches(d.body::text, ${BRAND_IMAGE_PATTERN}, 'g') as m(found)
    where m.found[1] in ${wanted}`,
  );
  return new Set(rows.map((row) => row.key));
}

/**
 * Deletes those of `keys` that no row refers to and, when a grace period is given, that were last
 * written longer ago than that (a store that cannot tell a file's age keeps everything then).
 * Returns how many files were deleted.
 */
export async function deleteUnreferencedFiles(
  db: Db,
  files: FileStore,
  keys: readonly string[],
  { graceMs = 0, now = new Date() }: { graceMs?: number; now?: Date } = {},
): Promise<number> {
  const referenced = await findReferencedKeys(db, keys);
  let deleted = 0;
  for (const key of new Set(keys)) {
    if (referenced.has(key)) continue;
    if (graceMs > 0) {
      // Checked after the references: an upload that rewrote this key since is young again.
      const stat = await files.stat?.(key);
      if (!stat || now.getTime() - stat.modifiedAt.getTime() < graceMs) continue;
    }
    await files.delete(key);
    deleted += 1;
  }
  return deleted;
}

/**
 * Removes stored files that no person row refers to and that are older than the grace period, so
 * a failed request's leftovers and replaced files do not pile up. Returns the number removed.
 */
export async function sweepOrphanFiles(
  db: Db,
  files: FileStore,
  options: { graceMs?: number; now?: Date } = {},
): Promise<number> {
  const graceMs = options.graceMs ?? ORPHAN_GRACE_MS;
  const now = options.now ?? new Date();
  let removed = (await files.removeStaleTemporaryFiles?.(new Date(now.getTime() - graceMs))) ?? 0;
  let batch: string[] = [];
  for await (const key of files.keys()) {
    batch.push(key);
    if (batch.length >= BATCH_SIZE) {
      removed += await deleteUnreferencedFiles(db, files, batch, { graceMs, now });
      batch = [];
    }
  }
  removed += await deleteUnreferencedFiles(db, files, batch, { graceMs, now });
  return removed;
}
