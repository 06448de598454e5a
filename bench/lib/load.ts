import http from 'node:http';
import autocannon, { type AutocannonRequest } from 'autocannon';
import type { RunningServer } from './server.ts';

/** One scenario: which request to send next (random each time), and which answers are correct. */
export interface Scenario {
  name: string;
  connections: number;
  nextRequest: () => { method: 'GET' | 'POST'; path: string; body?: string };
  okStatuses: readonly number[];
  headers?: Record<string, string>;
  /**
   * A steady rate (requests per second over all connections) instead of as fast as answers come.
   * Sent by pacedLoad below: autocannon's own rate sends each connection's quota for the second in
   * one burst, which measures a burst, not a steady rate.
   */
  overallRate?: number;
}

export interface LoadResult {
  /** Answered (an expected status) per second: refusals are not throughput. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors, timeouts and answers outside `okStatuses`, refusals (503) included. */
  errors: number;
  /** Answered 503 by the server's load shedding. */
  refused: number;
  responses: number;
  statuses: Record<string, number>;
  peakRssMb: number;
  /**
   * Server CPU (user + system) per response, in µs: unlike req/s, it hardly changes when other
   * processes compete for the cores, so it shows what a product change saved.
   */
  serverCpuUsPerRequest: number;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Runs one scenario for `seconds` with autocannon. Latencies are collected from every answered
 * response (autocannon's own histogram keeps only 2xx, and verification answers 404 for half of
 * them) in microsecond precision, so p95 is available too; a refusal is counted, not timed.
 */
export async function runLoad(
  server: RunningServer,
  scenario: Scenario,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const ok = new Set(scenario.okStatuses);
  let wrongStatus = 0;
  const request: AutocannonRequest = {
    setupRequest: (req) => {
      const next = scenario.nextRequest();
      return {
        ...req,
        method: next.method,
        path: next.path,
        body: next.body,
        headers: {
          ...scenario.headers,
          ...(next.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      };
    },
  };
  server.takePeakRss();
  const cpuBefore = server.cpuMs();
  const started = performance.now();
  if (scenario.overallRate) {
    const paced = await pacedLoad(server.url, scenario, seconds, scenario.overallRate, ok);
    const sorted = Float64Array.from(paced.latencies).sort();
    const wrong = Object.entries(paced.statuses)
      .filter(([status]) => !ok.has(Number(status)))
      .reduce((sum, [, n]) => sum + n, 0);
    return {
      rps: round(paced.latencies.length / ((performance.now() - started) / 1000), 0),
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      errors: paced.errors + wrong,
      refused: paced.statuses[503] ?? 0,
      responses: paced.latencies.length,
      statuses: paced.statuses,
      peakRssMb: round(server.takePeakRss(), 0),
      serverCpuUsPerRequest: round(
        ((server.cpuMs() - cpuBefore) * 1000) / Math.max(1, paced.latencies.length),
        0,
      ),
    };
  }
  const instance = autocannon({
    url: server.url,
    connections: scenario.connections,
    duration: seconds,
    timeout: 10,
    overallRate: scenario.overallRate,
    requests: [request],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (ok.has(statusCode)) latencies.push(responseTime);
    else wrongStatus++;
  });
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: round(latencies.length / elapsed, 0),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    errors: result.errors + result.timeouts + wrongStatus,
    refused: statuses[503] ?? 0,
    responses: latencies.length,
    statuses,
    peakRssMb: round(server.takePeakRss(), 0),
    serverCpuUsPerRequest: round(((server.cpuMs() - cpuBefore) * 1000) / Math.max(1, latencies.length), 0),
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * Open-loop load: one request every 1/rate seconds on a keep-alive pool of `connections` sockets,
 * each latency counted from when the request was due (so a stalled server is not flattered by
 * requests that were never sent).
 */
async function pacedLoad(url: string, scenario: Scenario, seconds: number, rate: number, ok: Set<number>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: scenario.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let inFlight = 0;
  const send = (due: number) => {
    const next = scenario.nextRequest();
    inFlight++;
    const request = http.request(
      `${url}${next.path}`,
      {
        agent,
        method: next.method,
        headers: {
          ...scenario.headers,
          ...(next.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (ok.has(response.statusCode ?? 0)) latencies.push(performance.now() - due);
          statuses[response.statusCode ?? 0] = (statuses[response.statusCode ?? 0] ?? 0) + 1;
          inFlight--;
        });
      },
    );
    request.on('error', () => {
      errors++;
      inFlight--;
    });
    request.end(next.body);
  };
  const start = performance.now();
  const interval = 1000 / rate;
  let sent = 0;
  while (performance.now() - start < seconds * 1000) {
    const due = start + sent * interval;
    if (performance.now() >= due) {
      send(due);
      sent++;
    } else {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now() - 0.5)));
    }
  }
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  agent.destroy();
  return { latencies, statuses, errors };
}
