import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/record-audit.ts';
import { verifierCheck } from '../../db/schema/index.ts';

/** The start of the current UTC day: quotas are per UTC day, the same for every instance. */
export const startOfToday = () => sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;

/** Quota a verifier has used today: the weights of its rows checked since midnight UTC, on its index. */
export async function quotaUsedToday(db: Db | Tx, verifierId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${verifierCheck.weight}), 0)::int` })
    .from(verifierCheck)
    .where(and(eq(verifierCheck.verifierId, verifierId), gte(verifierCheck.checkedAt, startOfToday())));
  return row?.used ?? 0;
}
