import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import { importRow } from '../../db/schema/index.ts';

/**
 * Gives back the space of an import's deleted rows on the embedded database, which runs neither
 * autovacuum nor checkpoints of its own (PostgreSQL does both): an emptied table is truncated,
 * which frees its files at once, or else VACUUM lets the next import reuse the space; then a
 * checkpoint lets the write-ahead log shrink back to `max_wal_size`, past which the import grew it.
 * The emptiness test and the truncation share a transaction, so no row is staged between them.
 */
export async function reclaimStagingSpace(db: Db, embedded: boolean) {
  if (!embedded) return;
  const truncated = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [left] = await queryRows<{ any: boolean }>(
      tx,
      sql`select exists (select 1 from ${importRow}) as any`,
    );
    if (left?.any) return false;
    await tx.execute(sql`truncate ${importRow}`);
    return true;
  });
  if (!truncated) await db.execute(sql`vacuum ${importRow}`);
  await db.execute(sql`checkpoint`);
}
