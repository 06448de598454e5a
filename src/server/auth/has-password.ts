import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { account } from '../db/schema/index.ts';

/** Whether the user can sign in with a password (as Better Auth stores one: provider "credential"). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .limit(1);
  return found !== undefined;
}
