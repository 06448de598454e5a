import http from 'node:http';
import { Connection, type OpenLoopRequest } from './open-loop.ts';

/** A route under surge, turned into raw bytes on the wire by `rawRequest`. */
export interface SurgeRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: () => string | undefined;
  okStatuses: ReadonlySet<number>;
}

export interface ClosedLoopResult {
  connections: number;
  answeredPerSecond: number;
  refusedPerSecond: number;
  /** Other statuses, connection errors and timeouts. */
  failed: number;
  p50: number;
  p99: number;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
export const percentile = (values: number[], p: number) => {
  const sorted = Float64Array.from(values).sort();
  return sorted.length === 0
    ? 0
    : round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What one closed-loop run saw, to be added up over runs. */
interface ClosedLoopCounts {
  answeredMs: number[];
  refused: number;
  failed: number;
  seconds: number;
}

/**
 * `connections` clients, each on a keep-alive connection, sending its next request as soon as the
 * last is answered, or once `Retry-After` has passed (and up to half again, by chance) when it was
 * refused: as the portal's own client does (src/client/lib/retry-when-busy.ts). A generator that
 * comes back the moment it is refused measures how fast the server can refuse, which no visitor
 * does. Requests still unanswered at the end are not counted.
 */
async function closedLoopCounts(
  url: string,
  route: SurgeRoute,
  connections: number,
  seconds: number,
): Promise<ClosedLoopCounts> {
  const port = Number(new URL(url).port);
  const request = rawRequest(url, route);
  const answeredMs: number[] = [];
  let refused = 0;
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const open = new Set<Connection>();
  const connect = () => {
    const connection = new Connection(
      port,
      10_000,
      () => {},
      () => {},
    );
    open.add(connection);
    return connection;
  };
  const answerTo = (connection: Connection) =>
    new Promise<{ status: number | null; retryAfterSeconds?: number }>((resolve) =>
      connection.send(request.bytes(), performance.now(), (status, _body, retryAfterSeconds) =>
        resolve({ status, retryAfterSeconds }),
      ),
    );
  const client = async () => {
    let connection = connect();
    while (performance.now() < until) {
      if (connection.closed) connection = connect();
      const started = performance.now();
      const { status, retryAfterSeconds } = await answerTo(connection);
      if (performance.now() >= until) return;
      if (status !== null && route.okStatuses.has(status)) answeredMs.push(performance.now() - started);
      else if (status === 503) {
        refused += 1;
        const waitMs = (retryAfterSeconds ?? 1) * 1000 * (1 + Math.random() / 2);
        await sleep(Math.min(waitMs, until - performance.now()));
      } else failed += 1;
    }
  };
  const clients = Array.from({ length: connections }, client);
  // A client whose request never comes back is left behind at the end.
  await Promise.race([Promise.all(clients), sleep(seconds * 1000 + 100)]);
  for (const connection of open) connection.socket.destroy();
  return { answeredMs, refused, failed, seconds };
}

function summarize(connections: number, runs: ClosedLoopCounts[]): ClosedLoopResult {
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const answeredMs = runs.flatMap((run) => run.answeredMs);
  return {
    connections,
    answeredPerSecond: Math.round(answeredMs.length / seconds),
    refusedPerSecond: Math.round(runs.reduce((sum, run) => sum + run.refused, 0) / seconds),
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
    p50: percentile(answeredMs, 50),
    p99: percentile(answeredMs, 99),
  };
}

/**
 * Two servers in the closed loop in the order A, B, B, A (`rounds` times over) with a pause between
 * runs, so that a drift of the machine weighs on both alike; each server's runs are added up.
 */
export async function closedLoopAbba(
  a: { url: string; route: SurgeRoute },
  b: { url: string; route: SurgeRoute },
  connections: number,
  seconds: number,
  pauseMs: number,
  rounds = 1,
): Promise<[ClosedLoopResult, ClosedLoopResult]> {
  const aRuns: ClosedLoopCounts[] = [];
  const bRuns: ClosedLoopCounts[] = [];
  const order = [
    { ...a, runs: aRuns },
    { ...b, runs: bRuns },
    { ...b, runs: bRuns },
    { ...a, runs: aRuns },
  ];
  for (let round = 0; round < rounds; round++) {
    for (const { url, route, runs } of order) {
      runs.push(await closedLoopCounts(url, route, connections, seconds));
      await sleep(pauseMs);
    }
  }
  return [summarize(connections, aRuns), summarize(connections, bRuns)];
}

/** The route's request as bytes on the wire, for the open-loop generator. */
export function rawRequest(url: string, route: SurgeRoute): OpenLoopRequest {
  const host = new URL(url).host;
  return {
    okStatuses: route.okStatuses,
    bytes: () => {
      const body = route.body();
      const headers = {
        host,
        ...route.headers,
        ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
      };
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
      return Buffer.from(
        `${route.method} ${route.path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body ?? ''}`,
      );
    },
  };
}

/** One request on a keep-alive agent: its status, or 0 for no answer within `timeoutMs`. */
function ask(url: string, route: SurgeRoute, agent: http.Agent, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const body = route.body();
    const request = http.request(
      `${url}${route.path}`,
      { method: route.method, headers: route.headers, agent, timeout: timeoutMs },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/**
 * Asks for `route` every `everyMs` (one at a time, as a monitor would) until `stop` resolves:
 * each answer's time, and how many were not answered normally within 2 s.
 */
export async function monitor(url: string, route: SurgeRoute, stop: Promise<unknown>, everyMs = 100) {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ms: number[] = [];
  let failed = 0;
  while (!stopped) {
    const started = performance.now();
    const status = await ask(url, route, agent, 2_000);
    const took = performance.now() - started;
    if (route.okStatuses.has(status) && took < 2_000) ms.push(took);
    else failed += 1;
    await sleep(Math.max(0, everyMs - took));
  }
  agent.destroy();
  return { probes: ms.length + failed, failed, p99: percentile(ms, 99), max: round(Math.max(0, ...ms)) };
}

/** Seconds from now until `route` is answered normally, asking again 100 ms after each refusal. */
export async function secondsUntilNormal(url: string, route: SurgeRoute, limitSeconds = 60) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const started = performance.now();
  try {
    while (performance.now() - started < limitSeconds * 1000) {
      if (route.okStatuses.has(await ask(url, route, agent, 10_000)))
        return round((performance.now() - started) / 1000, 2);
      await sleep(100);
    }
    return null;
  } finally {
    agent.destroy();
  }
}
