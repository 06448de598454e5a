import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/record-audit.ts';
import { verifier, verifierCheck } from '../../db/schema/index.ts';

/** Today in UTC: quotas are per UTC day, the same for every instance. */
const todayUtc = sql`(now() at time zone 'UTC')::date`;

/** The quota a verifier's row says was used today: its count if it was last written today. */
export const usedTodayColumn = sql<number>`(case when ${verifier.quotaDay} = ${todayUtc} then ${verifier.quotaUsed} else 0 end)::int`;

/** Quota a verifier has used today, read from its one row. */
export async function quotaUsedToday(db: Tx, verifierId: string): Promise<number> {
  const [row] = await db.select({ used: usedTodayColumn }).from(verifier).where(eq(verifier.id, verifierId));
  return row?.used ?? 0;
}

/** Records what a verifier has used today; the caller holds its row's lock. */
export async function storeQuotaUsed(tx: Tx, verifierId: string, used: number): Promise<void> {
  await tx.update(verifier).set({ quotaDay: todayUtc, quotaUsed: used }).where(eq(verifier.id, verifierId));
}

/** Rows without a match a verifier checked in the last hour, on the index of those rows alone. */
export async function noMatchesThisHour(tx: Tx, verifierId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(verifierCheck)
    .where(
      and(
        eq(verifierCheck.verifierId, verifierId),
        eq(verifierCheck.outcome, 'no-match'),
        gt(verifierCheck.checkedAt, sql`now() - interval '1 hour'`),
      ),
    );
  return row?.n ?? 0;
}
