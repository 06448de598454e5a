/**
 * How long a server start takes to answer, and what it costs, on an existing embedded data folder
 * (one staff user, no demo records): the built server that `npm start` runs, against the same
 * sources loaded through tsx, one start after another.
 *
 *   npm run build && npx tsx bench/server-start.ts [--starts 3]
 *
 * Per start: seconds from spawn to the first 200 of /api/health (polled every 50 ms), and the
 * process's CPU (all its threads) and RSS read from /proc at that moment. Writes
 * bench/results/<date>-server-start.json.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { builtCommand, builtServer } from '../scripts/build-server.mjs';
import { freePort } from '../src/server/test/free-port.ts';
import { untilHealthy } from '../src/server/test/until-healthy.ts';
import { readCpuMs, readRssMb } from './lib/server.ts';

const { values } = parseArgs({ options: { starts: { type: 'string', default: '3' } } });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-bench-start-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
execFileSync(
  process.execPath,
  [builtCommand('create-user'), '--email', 'bench@example.com', '--password', 'correct horse battery staple'],
  { env },
);

async function startOnce(args: string[]) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk) => {
    printed += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await untilHealthy(child, `http://127.0.0.1:${port}`, () => printed, 120_000, 50);
  const healthyS = (performance.now() - started) / 1000;
  const cpuS = readCpuMs(child.pid ?? 0) / 1000;
  const rssMb = readRssMb(child.pid ?? 0);
  child.kill('SIGTERM');
  await exited;
  return { healthyS: round(healthyS), cpuS: round(cpuS), rssMb: Math.round(rssMb) };
}

const round = (n: number) => Math.round(n * 100) / 100;
const variants = { builtServer: [builtServer], tsxSources: ['--import', 'tsx', 'src/server/main.ts'] };
const runs: Record<string, Awaited<ReturnType<typeof startOnce>>[]> = {};
try {
  for (const [name, args] of Object.entries(variants)) {
    runs[name] = [];
    for (let start = 0; start < Number(values.starts); start++) {
      const run = await startOnce(args);
      runs[name].push(run);
      console.log(name, run);
    }
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const out = `bench/results/${new Date().toISOString().slice(0, 10)}-server-start.json`;
fs.writeFileSync(out, `${JSON.stringify({ loadAverage: os.loadavg(), runs }, null, 2)}\n`);
console.log(`wrote ${out}`);
