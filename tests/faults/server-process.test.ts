// The harness every fault test starts servers with: the server it returns must be the one it started.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/server/test/free-port.ts';
import { type Installation, startServer } from './server-process.ts';

describe('the fault tests’ server harness', () => {
  const cleanups: (() => void)[] = [];
  afterAll(() => {
    for (const cleanup of cleanups) cleanup();
  });

  it('gives a port once on this machine, however often a test process asks', async () => {
    const ports: number[] = [];
    for (let pick = 0; pick < 300; pick++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });

  // The child here stops at a bad setting, before its database: the harness must see that and
  // not take the other server's answer on the port for its own (a taken port ends it the same way).
  it('takes an answer on the port for its server only once that server says it serves', async () => {
    const port = await freePort();
    const other = http.createServer((_request, response) => response.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => other.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-harness-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const installation: Installation = {
      env: {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        VERIFY_RATE_LIMIT: 'nonsense',
      },
      dataDir,
      url: `http://127.0.0.1:${port}`,
      filesDir: path.join(dataDir, 'files'),
      remove: () => {},
    };
    await expect(startServer(installation)).rejects.toThrow(/server exited/);
  }, 120_000);
});
