import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The first port the kernel gives outgoing connections. A port below it cannot be taken by one
 * of the many connections a test makes between choosing the port and its server listening on it.
 */
function ephemeralStart(): number {
  try {
    const [start] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(start) || 32_768;
  } catch {
    return 32_768;
  }
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

// Test runs side by side (CI's two passes, parallel files) choose from one range, and a port stays
// free for seconds before its server listens: a claim file, made exclusively, keeps each port to one
// chooser on this machine. A claim lasts longer than any test file keeps its ports (restarts on
// them included), and short enough that runs one after another never use up the range.
const claims = path.join(os.tmpdir(), 'ecert-test-ports');
const CLAIM_MS = 30 * 60 * 1000;

function claim(port: number): boolean {
  const file = path.join(claims, String(port));
  try {
    if (Date.now() - fs.statSync(file).mtimeMs < CLAIM_MS) return false;
    fs.rmSync(file, { force: true });
  } catch {
    // No claim yet.
  }
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

/** A loopback port nothing listens on now or has claimed lately, below the outgoing connections' range. */
export async function freePort(): Promise<number> {
  fs.mkdirSync(claims, { recursive: true });
  const high = ephemeralStart() - 1;
  const low = Math.max(1024, high - 12_000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (claim(port) && (await canListen(port))) return port;
  }
  throw new Error(`no free loopback port between ${low} and ${high}`);
}
