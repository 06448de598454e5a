import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../files/file-store.ts';
import { putFiles } from '../../files/put-files.ts';
import type { PreparedFile } from './prepare-upload.ts';
import { deleteUnreferencedFiles } from './sweep-orphan-files.ts';

/**
 * Writes the prepared files, then runs `commit` (the transaction that refers to them). If either
 * fails, the files this call created are deleted again unless a row refers to them (keys are
 * content addresses, so another record may share one): a failed request leaves no orphan.
 */
export async function storeFilesThen<T>(
  deps: { db: Db; files: FileStore },
  prepared: readonly PreparedFile[],
  commit: () => Promise<T>,
): Promise<T> {
  const blobs = new Map(prepared.flatMap((file) => file.blobs).map((blob) => [blob.key, blob.data]));
  const created: string[] = [];
  try {
    await putFiles(
      deps.files,
      [...blobs].map(([key, data]) => ({ key, data })),
      created,
    );
    return await commit();
  } catch (error) {
    await deleteUnreferencedFiles(deps.db, deps.files, created).catch(() => {
      // The sweep removes what could not be removed now.
    });
    throw error;
  }
}
