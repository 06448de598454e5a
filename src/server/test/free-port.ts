import fs from 'node:fs';
import net from 'node:net';

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

/** A loopback port nothing listens on now, below the outgoing connections' range, for a server a test starts. */
export async function freePort(): Promise<number> {
  const high = ephemeralStart() - 1;
  const low = Math.max(1024, high - 12_000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free loopback port between ${low} and ${high}`);
}
