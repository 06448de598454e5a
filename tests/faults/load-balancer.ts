// A load balancer as operators run one in front of two instances: it asks each instance's
// /api/health/ready `checkEveryMs` after its last answer (waiting up to `checkTimeoutMs` for it),
// takes an instance out after `failuresToLeave` failed checks in a row and back after one that
// passes, sends each request to the next ready instance over keep-alive connections, and never
// retries, so every failure of an instance reaches the client. When no instance passes, it sends to all of them, as
// cloud balancers do ("fail open"): a check that is only slow must not turn a whole site away.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Headers about one connection, not the message (RFC 9110, 7.6.1): a proxy does not pass them on.
 * Passed on, an instance's `Keep-Alive: timeout=72` told clients to keep idle connections to the
 * balancer for a minute, which the balancer's own server closes after 5 s, so a request sent on
 * one just then failed without an answer.
 */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

const endToEnd = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));

export interface Backend {
  name: string;
  url: string;
}

export interface LoadBalancer {
  url: string;
  /** How many requests each backend was sent. */
  served: Record<string, number>;
  /** Whether the balancer currently sends to `name`. */
  isReady(name: string): boolean;
  close(): Promise<void>;
}

export async function startLoadBalancer(
  backends: Backend[],
  port: number,
  checkEveryMs = 250,
  failuresToLeave = 3,
  checkTimeoutMs = 2_000,
): Promise<LoadBalancer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const ready = new Map(backends.map((backend) => [backend.name, false]));
  const failures = new Map(backends.map((backend) => [backend.name, failuresToLeave]));
  const served: Record<string, number> = Object.fromEntries(backends.map((backend) => [backend.name, 0]));
  // One check at a time per backend: a slow answer delays that backend's next check instead of
  // piling up beside it.
  const check = async (backend: Backend) => {
    const status = await fetch(`${backend.url}/api/health/ready`, {
      signal: AbortSignal.timeout(checkTimeoutMs),
    }).then(
      (response) => response.status,
      () => 0,
    );
    const failed = status === 200 ? 0 : (failures.get(backend.name) ?? 0) + 1;
    failures.set(backend.name, failed);
    ready.set(backend.name, failed < failuresToLeave);
  };
  let closed = false;
  const checking = backends.map(async (backend) => {
    while (!closed) {
      await check(backend);
      await new Promise((resolve) => setTimeout(resolve, checkEveryMs));
    }
  });
  await Promise.all(backends.map(check));
  let turn = 0;
  const pick = () => {
    const passing = backends.filter((backend) => ready.get(backend.name));
    const candidates = passing.length > 0 ? passing : backends;
    turn += 1;
    return candidates[turn % candidates.length];
  };

  const server = http.createServer((request, response) => {
    const backend = pick();
    if (!backend) {
      response.writeHead(502).end('no instance');
      return;
    }
    served[backend.name] = (served[backend.name] ?? 0) + 1;
    const target = new URL(request.url ?? '/', backend.url);
    const forwarded = http.request(
      target,
      { method: request.method, headers: endToEnd(request.headers), agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    served,
    isReady: (name) => ready.get(name) === true,
    close: async () => {
      closed = true;
      await Promise.all(checking);
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
