import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from './database.ts';

const MOVED = 'PGlite no longer sends its work through _runExclusiveTransaction: read docs/decisions/0008';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
});
afterAll(async () => {
  await database.close();
});

describe("PGlite's queries pass through the internal lock we replace (checked against 0.5.16)", () => {
  it('counts the queries waiting behind an open transaction, and none once it ends', async () => {
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const transaction = database.db.transaction(async () => {
      await finished;
    });
    try {
      await vi.waitFor(() => expect(database.heldForMs(), MOVED).toBeGreaterThan(0));
      const queries = [1, 2, 3].map(() => database.ping());
      await vi.waitFor(() => expect(database.queriesWaiting(), MOVED).toBe(3));
      finish();
      await Promise.all([transaction, ...queries]);
    } finally {
      finish();
    }
    expect(database.queriesWaiting()).toBe(0);
    expect(database.heldForMs()).toBe(0);
  });
});
