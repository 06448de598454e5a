import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCommand } from '../../../scripts/build-server.mjs';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { signInWith } from '../test/staff-session.ts';

const CLI = path.resolve(builtCommand('create-user'));
const PASSWORD = 'correct horse battery staple';
const SERVER_RUNNING =
  'The portal is running on this data folder; stop it first, or create the user from the dashboard (Users).';
const USAGE = 'Usage: npm run user:create -- --email E --password P [--name N] [--role admin|staff|editor]';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command as an operator would, in its own process. */
function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, SEED_DEMO: 'false', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? -1) : 0, stdout: stdout.trim(), stderr: stderr.trim() }),
    );
  });
}

const dirs: string[] = [];
const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-cli-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run user:create on the embedded database', () => {
  // An empty DATABASE_URL means PGlite, whatever the environment of the test run says.
  const embedded = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '' });

  it('creates a user on a fresh data folder who can then sign in, and refuses the same email again', async () => {
    const dataDir = tempDataDir();
    const args = ['--email', 'Ada@Example.com', '--password', PASSWORD, '--name', 'Ada', '--role', 'admin'];

    const created = await runCli(args, embedded(dataDir));

    expect(created).toEqual({ code: 0, stdout: 'Created admin user ada@example.com', stderr: '' });
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    const again = await runCli(args, embedded(dataDir));
    expect(again).toEqual({ code: 1, stdout: '', stderr: 'A user with this email already exists.' });

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      database,
      logger: false,
    });
    try {
      await app.ready();
      await expect(signInWith(app, 'ada@example.com', PASSWORD)).resolves.toContain('session_token=');
    } finally {
      await app.close();
      await database.close();
    }
  }, 180_000);

  it('refuses a weak password with the validation message and exit code 1, creating nothing', async () => {
    const dataDir = tempDataDir();

    const run = await runCli(['--email', 'weak@example.com', '--password', 'password12'], embedded(dataDir));

    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Password is too easy to guess. This is a commonly used password.',
    });
    // Refused before the database is opened: the data folder is left as it was.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it.each([
    ['no arguments', []],
    ['no password', ['--email', 'a@example.com']],
    ['an unknown option', ['--email', 'a@example.com', '--password', PASSWORD, '--admin']],
    ['an unknown role', ['--email', 'a@example.com', '--password', PASSWORD, '--role', 'owner']],
  ])('prints the usage line and exits 1 on %s', async (_label, args) => {
    const run = await runCli(args, embedded(tempDataDir()));

    expect(run).toEqual({ code: 1, stdout: '', stderr: USAGE });
  });

  it('refuses while the server holds the data folder, leaving its lock and database alone', async () => {
    const dataDir = tempDataDir();
    // This test runner is alive: to the command it is a running server owning the folder.
    fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.pid));

    const run = await runCli(['--email', 'late@example.com', '--password', PASSWORD], embedded(dataDir));

    expect(run).toEqual({ code: 1, stdout: '', stderr: SERVER_RUNNING });
    expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(process.pid));
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  });
});

const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('npm run user:create on PostgreSQL', () => {
  const name = `ecert_cli_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let databaseUrl: string;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    await admin?.query(`drop database if exists "${name}" with (force)`);
    await admin?.end();
  });

  it('creates the user through DATABASE_URL without the embedded database lock', async () => {
    const dataDir = tempDataDir();
    // A live lock on the data folder concerns PGlite only.
    fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.pid));
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    const args = ['--email', 'pg@example.com', '--password', PASSWORD];

    const created = await runCli(args, env);
    const again = await runCli(args, env);

    expect(created).toEqual({ code: 0, stdout: 'Created staff user pg@example.com', stderr: '' });
    expect(again).toEqual({ code: 1, stdout: '', stderr: 'A user with this email already exists.' });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('select email, role from "user"');
      expect(rows).toEqual([{ email: 'pg@example.com', role: 'staff' }]);
    } finally {
      await client.end();
    }
  }, 120_000);
});
