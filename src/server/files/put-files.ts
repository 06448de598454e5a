import type { FileStore } from './file-store.ts';

/**
 * Writes every blob, adding to `created` the keys the store did not hold before: those are the
 * ones to delete again if what was to refer to them fails. Throws the first failed write.
 */
export async function putFiles(
  files: FileStore,
  blobs: readonly { key: string; data: Buffer }[],
  created: string[],
) {
  const writes = await Promise.allSettled(
    blobs.map(async ({ key, data }) => {
      const existed = (await files.stat?.(key)) != null;
      // Written even when present: that refreshes its age, so a sweep running now spares it.
      await files.put(key, data);
      if (!existed) created.push(key);
    }),
  );
  const failed = writes.find((write) => write.status === 'rejected');
  if (failed) throw failed.reason;
}
