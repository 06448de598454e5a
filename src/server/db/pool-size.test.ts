import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

/** PostgreSQL only (the PostgreSQL test pass): PGlite is one connection inside the process. */
describe.skipIf(!process.env.DATABASE_URL)('DATABASE_POOL_SIZE', () => {
  it('caps the connections kept to PostgreSQL: more queries than that wait their turn', async () => {
    const harness = await createTestApp({ DATABASE_POOL_SIZE: '2' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          harness.database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`),
        ),
      );
      const connections = new Set(
        answers.map((answer) => (answer as { rows: { pid: number }[] }).rows[0]?.pid),
      );

      expect(connections.size).toBe(2);
    } finally {
      await harness.close();
    }
  });
});
