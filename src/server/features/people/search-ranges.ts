import { eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, type Db, queryRows } from '../../db/database.ts';
import { personSearchRange, personSearchRangeNumbers } from '../../db/schema/index.ts';
import { runOnTimer } from '../../plugins/on-timer.ts';

/**
 * How many live people a range of the search holds: a search finding its matches in the newest
 * range costs what a registry of this size would, at a million or ten million (the staff mix's
 * p95 63–77 ms at ten million against 194–213 ms on one index: decision 0031).
 */
const SEARCH_RANGE_SIZE = 100_000;

/** People added from `startsAt` (null: from the first) until before `endsAt` (null: from then on). */
export interface SearchRange {
  startsAt: Date | null;
  endsAt: Date | null;
}

const EVERYONE: SearchRange = { startsAt: null, endsAt: null };
const INDEX_PREFIX = 'person_live_search_range_';

/** The ranges newest first; one range of everyone, on the index of all search text, when none were made. */
export async function searchRanges(db: Db): Promise<SearchRange[]> {
  const ranges = await db
    .select()
    .from(personSearchRange)
    .orderBy(sql`${personSearchRange.startsAt} desc nulls last`);
  return ranges.length > 0 ? ranges : [EVERYONE];
}

/**
 * Live people of `range`, as its index's predicate says it: with constants (a parameter would
 * not prove the index serves the query) and unqualified columns (the index's own spelling).
 */
export function inRange({ startsAt, endsAt }: SearchRange): SQL {
  const at = (date: Date) => `'${date.toISOString()}'::timestamptz`;
  const bounds = [
    startsAt && `"created_at" >= ${at(startsAt)}`,
    endsAt && `"created_at" < ${at(endsAt)}`,
  ].filter(Boolean);
  return sql.raw(['"deleted_at" is null', ...bounds].join(' and '));
}

/**
 * The bounds that split the live people added since `from` into ranges of `size` (the last one
 * holding from `size` to twice as many), or none while they are fewer than twice `size`. Bounds
 * are whole milliseconds, so they read back from a JavaScript date unchanged; people added in
 * the same millisecond (an import's transaction) stay together.
 */
async function splitBounds(db: Db, from: Date | null, size: number): Promise<Date[]> {
  const since = from ? sql`and created_at >= ${from.toISOString()}::timestamptz` : sql``;
  const [enough] = await queryRows<{ yes: boolean }>(
    db,
    sql`select count(*) >= ${2 * size} as yes
      from (select 1 from person where deleted_at is null ${since} limit ${2 * size}) newest`,
  );
  if (!enough?.yes) return [];
  const rows = await queryRows<{ at: Date }>(
    db,
    sql`select distinct date_trunc('milliseconds', created_at) as at from (
        select created_at, row_number() over (order by created_at) as r, count(*) over () as live
        from person where deleted_at is null ${since}
      ) added
      where r > ${size} and r % ${size} = 1 and r <= live - ${size} + 1
      order by 1`,
  );
  return rows.map((row) => new Date(row.at)).filter((at) => !from || at > from);
}

/** Drops the range indexes no range names: left by a split cut short, or by the range it replaced. */
async function dropUnnamed(db: Db, meanwhile: string) {
  const left = await queryRows<{ name: string }>(
    db,
    sql`select indexname as name from pg_indexes
      where tablename = 'person' and starts_with(indexname, ${INDEX_PREFIX})
        and substr(indexname, ${INDEX_PREFIX.length + 1})::int not in (select n from ${personSearchRange})`,
  );
  for (const { name } of left) await db.execute(sql.raw(`drop index ${meanwhile}if exists "${name}"`));
}

/**
 * Splits the newest range once it holds twice `size` or more: each new range's index is built
 * beside the ones in use (on PostgreSQL without holding writes back), then the ranges are
 * swapped in one transaction and the replaced index dropped. Searches read the old ranges
 * meanwhile; the old and new ranges each hold everyone, so a search is right under either.
 * Returns how many ranges replaced the newest (0: none).
 */
async function splitNewestRange(db: Db, { size, concurrently }: { size: number; concurrently: boolean }) {
  const meanwhile = concurrently ? 'concurrently ' : '';
  await dropUnnamed(db, meanwhile);
  const [newest] = await db.select().from(personSearchRange).where(isNull(personSearchRange.endsAt));
  const from = newest?.startsAt ?? null;
  const bounds = await splitBounds(db, from, size);
  if (bounds.length === 0) return 0;
  const starts = [from, ...bounds];
  const numbers = await queryRows<{ n: number }>(
    db,
    sql`select nextval(${personSearchRangeNumbers.seqName})::int as n from generate_series(1, ${starts.length})`,
  );
  const ranges = numbers.map(({ n }, i) => ({ n, startsAt: starts[i] ?? null, endsAt: bounds[i] ?? null }));
  for (const range of ranges) {
    await db.execute(
      sql`create index ${sql.raw(meanwhile)}${sql.identifier(`${INDEX_PREFIX}${range.n}`)}
        on person using gin (search_text gin_trgm_ops) where ${inRange(range)}`,
    );
  }
  await db.transaction(async (tx) => {
    if (newest) await tx.delete(personSearchRange).where(eq(personSearchRange.n, newest.n));
    await tx.insert(personSearchRange).values(ranges);
  });
  await dropUnnamed(db, meanwhile);
  return ranges.length;
}

/** Any 64-bit number the portal alone uses: the key of the ranges' split among instances. */
const SPLIT_LOCK = 7_302_451_886_120_914_663n;

/**
 * Splits the newest range unless another instance of the portal is splitting it: resolves to
 * undefined then, and that instance does it.
 */
export const splitSearchRangesAlone = (database: Database, size = SEARCH_RANGE_SIZE) =>
  database.unlessRunningElsewhere(SPLIT_LOCK, (db) =>
    splitNewestRange(db, { size, concurrently: database.kind === 'postgres' }),
  );

/** Splits the newest range when it is full, a minute after start (not amid its work) and hourly. */
export const splitSearchRangesOnTimer = (app: FastifyInstance) =>
  runOnTimer(
    app,
    { firstAfterMs: 60_000, everyMs: 3_600_000, failed: 'splitting the search ranges failed' },
    () => splitSearchRangesAlone(app.database),
  );
