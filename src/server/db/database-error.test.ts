import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personFixture } from '../test/people.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { databaseErrorOf, isUniqueViolation } from './database-error.ts';
import { person } from './schema/index.ts';

describe("the database's own error inside what a query throws", () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('finds the unique violation Drizzle wraps, with its words and without the rows', async () => {
    const row = personFixture({ finNumber: 'S7654321Q', name: 'Grace Hopper Twice' });
    await harness.database.db.insert(person).values(row);
    const thrown = await harness.database.db
      .insert(person)
      .values({ ...row, id: crypto.randomUUID() })
      .then(
        () => null,
        (error: unknown) => error,
      );

    expect(isUniqueViolation(thrown)).toBe(true);
    const own = databaseErrorOf(thrown);
    expect(own?.code).toBe('23505');
    expect(own?.message).toMatch(/^duplicate key value violates unique constraint/);
    expect(own?.message).not.toContain('Grace Hopper Twice');
  });

  it("takes no Node error code for the database's", () => {
    const broken = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(databaseErrorOf(new Error('Failed query', { cause: broken }))).toBeUndefined();
    expect(isUniqueViolation(broken)).toBe(false);
  });
});
