import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { earliestAvailablePassedDate } from '#shared/rules/course-validity.ts';
import { type Database, type Db, queryRows } from '../../db/database.ts';
import { runOnTimer } from '../../plugins/on-timer.ts';

/**
 * The indexes of valid people by name and by serial hold the passes since a fixed day (a
 * predicate cannot follow the first valid day, which moves daily). A valid list walks the
 * passes from that day to the first valid day before its page, about a month's passes once the
 * day is a month behind, so the day is moved forward to the first valid one by rebuilding them.
 */
const RECENT_PASSES = {
  person_live_recent_passes_name_idx: '"name", "id"',
  person_live_recent_passes_serial_idx: '"e_cert_number", "id"',
} as const;

/** How far behind the first valid day the indexes may start before they are rebuilt. */
const MOVE_AFTER_DAYS = 30;
const DAY_MS = 86_400_000;
const CHECK_EVERY_MS = DAY_MS;
const START_AFTER_MS = 60_000;

/** The day an index starts from, read from its predicate; null when the index is missing. */
async function startDay(db: Db, name: string): Promise<string | null> {
  const [row] = await queryRows<{ predicate: string | null }>(
    db,
    sql`select pg_get_expr(i.indpred, i.indrelid) as predicate
      from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = ${name}`,
  );
  return row?.predicate?.match(/'(\d{4}-\d{2}-\d{2})'::date/)?.[1] ?? null;
}

/**
 * Rebuilds each index to start from the first valid day when it starts more than MOVE_AFTER_DAYS
 * before it, or after it (a longer validity period, which the index would not serve). Returns
 * the day each index starts from afterwards.
 */
async function moveRecentPassesForward(
  db: Db,
  {
    validityYears,
    concurrently,
    now = new Date(),
  }: { validityYears: number; concurrently: boolean; now?: Date },
) {
  const firstValid = earliestAvailablePassedDate(validityYears, now);
  const days: Record<string, string> = {};
  for (const [name, columns] of Object.entries(RECENT_PASSES)) {
    const day = await startDay(db, name);
    const behind = day ? (Date.parse(firstValid) - Date.parse(day)) / DAY_MS : Number.POSITIVE_INFINITY;
    if (behind >= 0 && behind <= MOVE_AFTER_DAYS) {
      days[name] = day as string;
      continue;
    }
    // Built beside the old one (on PostgreSQL without holding writes back), then put in its
    // place: lists use the old one meanwhile. A build cut short leaves an unusable "next".
    const next = `${name}_next`;
    const meanwhile = concurrently ? 'concurrently ' : '';
    await db.execute(sql.raw(`drop index ${meanwhile}if exists "${next}"`));
    await db.execute(
      sql.raw(`create index ${meanwhile}"${next}" on "person" using btree (${columns})
        include ("trade_tested", "passed_date", "lacks_image")
        where "person"."deleted_at" is null and "person"."revoked_at" is null
          and "person"."result_passed" and "person"."passed_date" >= '${firstValid}'::date`),
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`drop index if exists "${name}"`));
      await tx.execute(sql.raw(`alter index "${next}" rename to "${name}"`));
    });
    days[name] = firstValid;
  }
  return days;
}

/** Any 64-bit number the portal alone uses: the key of the indexes' move among instances. */
const MOVE_LOCK = 5_118_364_290_617_053_917n;

/**
 * Moves the indexes forward unless another instance of the portal is moving them (its rebuild
 * would drop the one this one builds): resolves to undefined then, and that instance does it.
 */
export const moveRecentPassesAlone = (database: Database, options: { validityYears: number; now?: Date }) =>
  database.unlessRunningElsewhere(MOVE_LOCK, (db) =>
    moveRecentPassesForward(db, { ...options, concurrently: database.kind === 'postgres' }),
  );

/** Moves the indexes forward a minute after start (not amid its work) and once a day after. */
export const moveRecentPassesOnTimer = (app: FastifyInstance) =>
  runOnTimer(
    app,
    {
      firstAfterMs: START_AFTER_MS,
      everyMs: CHECK_EVERY_MS,
      failed: 'moving the recent-passes indexes failed',
    },
    () => moveRecentPassesAlone(app.database, { validityYears: app.config.certValidityYears }),
  );
