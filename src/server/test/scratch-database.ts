import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new database on the server at `adminUrl`: empty, or a copy of the database `template` names;
 * in `timeZone` if given. `drop()` removes it.
 */
export async function createScratchDatabase(
  adminUrl: string,
  { timeZone, template }: { timeZone?: string; template?: string } = {},
) {
  const name = `ecert_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    if (timeZone)
      await admin.query(`alter database "${name}" set timezone = '${timeZone.replace(/'/g, "''")}'`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      try {
        // FORCE ends any connection a test left open (PostgreSQL 13+).
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
