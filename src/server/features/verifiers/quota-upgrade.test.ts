import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifier, verifierCheck } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { application } from '../../test/verifier-session.ts';
import { quotaUsedToday } from './quota.ts';

/** The statement of the migration that moved the quota onto the verifier's row and fills it in. */
const fillQuotaRows = fs
  .readFileSync(new URL('../../../../drizzle/0035_verifier_quota_row.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .find((statement) => statement.includes('UPDATE "verifier"'));

describe('an upgrade in the middle of a day', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it("keeps the quota used today: today's checks count, yesterday's do not", async () => {
    const { db } = testApp.database;
    const [checker, idle] = await db
      .insert(verifier)
      .values([
        { ...application(), status: 'approved', dailyQuota: 100 },
        { ...application(), status: 'approved', dailyQuota: 100 },
      ])
      .returning({ id: verifier.id });
    if (!checker || !idle || !fillQuotaRows) throw new Error('set-up failed');
    const check = { verifierId: checker.id, purpose: 'Checking', outcome: 'valid', weight: 1 };
    await db.insert(verifierCheck).values([
      check,
      { ...check, outcome: 'no-match', weight: 2 },
      // Yesterday in UTC, whatever the hour now.
      {
        ...check,
        checkedAt: sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '1 minute'`,
      },
    ]);

    await db.execute(sql.raw(fillQuotaRows));

    expect(await quotaUsedToday(db, checker.id)).toBe(3);
    expect(await quotaUsedToday(db, idle.id)).toBe(0);
    const [row] = await db.select().from(verifier).where(eq(verifier.id, idle.id));
    expect(row?.quotaUsed).toBe(0);
  });
});
