// The real server as a child process, so a test can kill it with SIGKILL and start it again.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { builtCommand, builtServer } from '../../scripts/build-server.mjs';
import { freePort } from '../../src/server/test/free-port.ts';
import { untilHealthy } from '../../src/server/test/until-healthy.ts';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

const STAFF_EMAIL = 'faults-admin@example.com';
export const STAFF_PASSWORD = 'correct horse battery staple';

/** Makes an account with `npm run user:create`'s command, in the installation `env` names. */
export async function createUserByCli(
  env: Record<string, string>,
  { email, password, role }: { email: string; password: string; role?: 'admin' | 'staff' | 'editor' },
) {
  const roleArgs = role ? ['--role', role] : [];
  await run(
    process.execPath,
    [builtCommand('create-user'), '--email', email, '--password', password, ...roleArgs],
    { cwd: root, env: { ...process.env, ...env } },
  );
}

/** A data folder and the environment every start of "the same installation" shares. */
export async function createInstallation(databaseUrl?: string, extraEnv: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-faults-'));
  const port = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    VERIFY_POW: 'false',
    VERIFY_RATE_LIMIT: '100000/1m',
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  };
  // The product's own command makes the staff account (and migrates a fresh database).
  await createUserByCli(env, { email: STAFF_EMAIL, password: STAFF_PASSWORD });
  return {
    env,
    dataDir,
    url: env.PUBLIC_URL as string,
    filesDir: path.join(dataDir, 'files'),
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}
export type Installation = Awaited<ReturnType<typeof createInstallation>>;

export interface RunningServer {
  process: ChildProcess;
  /** Everything the server printed, for a failure message. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts the built server as `npm start` does (one node process) and waits until health answers 200. */
export async function startServer(installation: Installation): Promise<RunningServer> {
  const child = spawn(process.execPath, [builtServer], {
    cwd: root,
    env: { ...process.env, ...installation.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk) => {
    printed += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    printed += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: RunningServer = {
    process: child,
    output: () => printed,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  try {
    await untilHealthy(child, installation.url, () => printed, 180_000);
  } catch (error) {
    await server.kill('SIGKILL');
    throw error;
  }
  return server;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs in through the real endpoint; returns the headers a staff request needs. */
export async function signIn(installation: Installation): Promise<Record<string, string>> {
  const origin = installation.url;
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: STAFF_EMAIL, password: STAFF_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.includes('session_token='));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return { cookie, origin };
}

/** Every file under the store's folder, temporary files included. */
export function filesOnDisk(filesDir: string): string[] {
  if (!fs.existsSync(filesDir)) return [];
  return fs.readdirSync(filesDir, { recursive: true, encoding: 'utf8' }).filter((name) => {
    return fs.statSync(path.join(filesDir, name)).isFile();
  });
}

/** Moves every stored file's modification time back, as if the sweep's grace period had passed. */
export function ageFiles(filesDir: string, hours: number): void {
  const then = new Date(Date.now() - hours * 3_600_000);
  for (const name of filesOnDisk(filesDir)) fs.utimesSync(path.join(filesDir, name), then, then);
}
