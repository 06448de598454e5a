import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, builtServer } from '../../scripts/build-server.mjs';

export interface RunningServer {
  url: string;
  pid: number;
  /** CPU time (user + system, ms) the server process has used so far. */
  cpuMs(): number;
  /** Peak resident set size (MB) since the last call, sampled every 200 ms. */
  takePeakRss(): number;
  stop(): Promise<void>;
}

// Fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
export const readCpuMs = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

export const readRssMb = (pid: number) => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
};

const capacitySettings = {
  // Per-client protections, off so one client can stand for a crowd (a throughput bench
  // measures the lookup, not the proof of work or the limiter). Load shedding is as shipped:
  // a bench that turned it off could not see what it costs.
  VERIFY_POW: 'false',
  VERIFY_RATE_LIMIT: 'off',
};

/**
 * Builds and starts the real server (`dist/server/main.mjs`, as `npm start` does) with the benchmark's
 * environment, waits until /api/health answers, and samples its memory. Request logs go to
 * /dev/null: pino still formats every line, as in production, but no disk fills up.
 */
export async function startServer(options: {
  /** The app folder to run (a snapshot, see snapshot.ts). */
  appDir: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
  nodeFlags?: string[];
  /** Run as shipped: proof of work, rate limits and load shedding on. */
  shippedSettings?: boolean;
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  // Another server on the port (one left by a stopped bench) would answer the health check below,
  // and be measured in this one's place.
  const earlier = await fetch(`${url}/api/health`).catch(() => undefined);
  if (earlier) throw new Error(`port ${options.port} is already served; stop that server first`);
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.openSync(options.logFile, 'w');
  await buildServer(options.appDir);
  const nodeArgs = [...(options.nodeFlags ?? []), builtServer];
  // `BENCH_SERVER_CPUS=0` keeps the server on a core of its own, the load generator (run under
  // `taskset -c 1`) on another: on two cores they would otherwise take turns on both.
  const cpus = process.env.BENCH_SERVER_CPUS;
  const child: ChildProcess = spawn(
    cpus ? 'taskset' : process.execPath,
    cpus ? ['-c', cpus, process.execPath, ...nodeArgs] : nodeArgs,
    {
      cwd: options.appDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(options.port),
        PUBLIC_URL: url,
        SEED_DEMO: 'false',
        ...(options.shippedSettings ? {} : capacitySettings),
        ...options.env,
      },
      stdio: ['ignore', 'ignore', log],
    },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the server');
  let exited = false;
  let stopped = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      // A server that stops in the middle of a run says so in its log, not only as failed requests.
      fs.writeSync(log, `server exited: code ${code}, signal ${signal}\n`);
      resolve();
    }),
  );

  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, readRssMb(pid));
  }, 200);

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) {
      clearInterval(sampler);
      throw new Error(`the server exited during start-up; see ${options.logFile}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      clearInterval(sampler);
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 180 s; see ${options.logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    pid,
    cpuMs: () => readCpuMs(pid),
    takePeakRss() {
      const value = Math.max(peak, readRssMb(pid));
      peak = 0;
      return value;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(sampler);
      if (!exited) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exit;
        clearTimeout(killer);
      }
      fs.closeSync(log);
    },
  };
}

/** Signs in through the real endpoint (with our Origin, as a browser would) and returns the cookie. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('sign-in set no cookie');
  return cookies.join('; ');
}
