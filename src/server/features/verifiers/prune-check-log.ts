import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';

/** Entries deleted per statement: a year's backlog goes in short steps, never one long lock. */
const BATCH = 5000;

/**
 * Deletes the entries of the verifiers' check log, and the lists' reports, older than the retention
 * period, oldest first on their check-time indexes. Answers how many log entries went.
 */
export async function pruneCheckLog(db: Db, retentionDays: number): Promise<number> {
  await pruneTable(db, sql`verifier_report`, retentionDays);
  return pruneTable(db, sql`verifier_check`, retentionDays);
}

async function pruneTable(db: Db, table: SQL, retentionDays: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const gone = await queryRows<{ id: string }>(
      db,
      sql`
      delete from ${table} where id in (
        select id from ${table}
         where checked_at < now() - make_interval(days => ${retentionDays})
         order by checked_at limit ${BATCH})
      returning id`,
    );
    const count = gone.length;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
