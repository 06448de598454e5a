// Two real server processes on one fresh PostgreSQL database, as behind a load balancer: what an
// editor publishes on one, the other must serve. Their ports are just above the browser tests'.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../src/server/test/scratch-database.ts';
import {
  createUserByCli,
  type Installation,
  type RunningServer,
  startServer,
} from '../faults/server-process.ts';

// The PostgreSQL server CI's database pass uses; DATABASE_URL names another.
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const editorAccount = {
  email: 'e2e-editor@example.com',
  password: 'e2e editor passphrase 5170',
};

export interface TwoInstances {
  urls: [string, string];
  close(): Promise<void>;
}

/** Starts instances A and B on one new database, with an editor's account made by user:create. */
export async function startTwoInstances(basePort: number): Promise<TwoInstances> {
  const scratch = await createScratchDatabase(adminUrl);
  // One data folder for both, as a shared volume: the uploaded images and generated keys.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-e2e-two-'));
  const installation = (port: number): Installation => ({
    env: {
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'e2e-two-instances-secret-'.padEnd(48, 'x'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    dataDir,
    url: `http://127.0.0.1:${port}`,
    filesDir: path.join(dataDir, 'files'),
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  });
  const [a, b] = [installation(basePort + 1), installation(basePort + 2)];
  const servers: RunningServer[] = [];
  const close = async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await scratch.drop();
    a.remove();
  };
  try {
    const { email, password } = editorAccount;
    await createUserByCli(a.env, { email, password, role: 'editor' });
    // One after the other: the first start writes what the second then reads from the folder.
    servers.push(await startServer(a));
    servers.push(await startServer(b));
  } catch (error) {
    await close();
    throw error;
  }
  return { urls: [a.url, b.url], close };
}
