// Backup downloads cancelled at several moments, as `curl -m 1` does: each must end its database
// transaction at once, and the server go on serving.
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { createScratchDatabase } from '../../src/server/test/scratch-database.ts';
import {
  createInstallation,
  createUserByCli,
  type Installation,
  type RunningServer,
  STAFF_PASSWORD,
  sleep,
  startServer,
} from './server-process.ts';

const databaseKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const ADMIN_EMAIL = 'faults-backup-admin@example.com';
const PASSPHRASE = 'fault test passphrase';
const CANCEL_POINTS = ['before its headers', 'at its headers', 'after 64 KB', 'stalled for 1 s'] as const;
type CancelPoint = (typeof CANCEL_POINTS)[number];

describe(`backup downloads cancelled (${databaseKind})`, () => {
  let installation: Installation;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let server: RunningServer | undefined;
  let headers: Record<string, string>;

  beforeAll(async () => {
    const adminUrl = process.env.DATABASE_URL;
    scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined;
    // A small pool: four connections left in a transaction would take every one.
    installation = await createInstallation(scratch?.url, { DATABASE_POOL_SIZE: '4' });
    await createUserByCli(installation.env, { email: ADMIN_EMAIL, password: STAFF_PASSWORD, role: 'admin' });
    await fillAuditTrail(installation, scratch?.url);
    server = await startServer(installation);
    headers = await signInAdmin(installation);
  }, 180_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await scratch?.drop();
    installation?.remove();
  });

  it('releases the transaction of each cancelled download at once, then serves as before', async () => {
    for (const point of CANCEL_POINTS) {
      expect(await cancelledDownload(installation.url, headers, point), point).toBe(200);
      // A request that reads the database answers, not queued behind a transaction left open.
      const users = await fetch(`${installation.url}/api/users`, {
        headers,
        signal: AbortSignal.timeout(5_000),
      });
      expect(users.status, `after a download cancelled ${point}`).toBe(200);
      if (scratch) expect(await openTransactions(scratch.url), point).toBe(0);
    }
    const health = await fetch(`${installation.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    // And a whole download still goes through.
    const whole = await fetch(`${installation.url}/api/backup`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: PASSPHRASE }),
    });
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
  }, 120_000);
});

/** Enough rows that the archive outgrows every buffer on the way: about 10 MB of audit events. */
async function fillAuditTrail(installation: Installation, databaseUrl: string | undefined) {
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(installation.dataDir, 'db') });
  try {
    await database.db.execute(sql`insert into audit_event (entity_type, entity_id, action, changes)
      select 'person', g::text, 'update', jsonb_build_object('note', jsonb_build_array(null,
        (select string_agg(md5(random()::text || g || i), '') from generate_series(1, 16) i)))
      from generate_series(1, 20000) g`);
  } finally {
    await database.close();
  }
}

async function signInAdmin(installation: Installation): Promise<Record<string, string>> {
  const origin = installation.url;
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: STAFF_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.includes('session_token='));
  if (!cookie) throw new Error(`sign-in failed with ${response.status}`);
  return { cookie, origin };
}

/** Starts a download and drops the connection at `point`; resolves with the status seen, if any. */
function cancelledDownload(url: string, headers: Record<string, string>, point: CancelPoint) {
  const body = JSON.stringify({ passphrase: PASSPHRASE });
  return new Promise<number | undefined>((resolve) => {
    let status: number | undefined = point === 'before its headers' ? 200 : undefined;
    const request = http.request(`${url}/api/backup`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    request.on('error', () => {});
    request.on('close', () => sleep(200).then(() => resolve(status)));
    if (point === 'before its headers') setTimeout(() => request.destroy(), 100);
    request.on('response', (response) => {
      status = response.statusCode;
      if (point === 'at its headers') request.destroy();
      if (point === 'stalled for 1 s') {
        response.pause();
        setTimeout(() => request.destroy(), 1_000);
      }
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (point === 'after 64 KB' && received >= 65_536) request.destroy();
      });
    });
    request.end(body);
  });
}

/** Connections to the installation's database left inside a transaction. */
async function openTransactions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as open from pg_stat_activity
       where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`,
    );
    return rows[0].open;
  } finally {
    await client.end();
  }
}
