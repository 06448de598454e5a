import pg from 'pg';

/**
 * A slow database: after `afterMs`, another session takes the person table in ACCESS EXCLUSIVE mode
 * for `forMs`, so every query of it waits behind the lock, as behind a long migration or a stuck
 * transaction.
 */
export async function holdPersonTableLock(
  url: string,
  { afterMs, forMs }: { afterMs: number; forMs: number },
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    await client.query('begin');
    await client.query('lock table person in access exclusive mode');
    await new Promise((resolve) => setTimeout(resolve, forMs));
    await client.query('commit');
  } finally {
    await client.end();
  }
}
