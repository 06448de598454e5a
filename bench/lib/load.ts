import autocannon, { type AutocannonRequest } from 'autocannon';
import type { RunningServer } from './server.ts';

/** One scenario: which request to send next (random each time), and which answers are correct. */
export interface Scenario {
  name: string;
  connections: number;
  nextRequest: () => { method: 'GET' | 'POST'; path: string; body?: string };
  okStatuses: readonly number[];
  headers?: Record<string, string>;
  /** Requests per second for all connections together; unset = as fast as answers come. */
  overallRate?: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors, timeouts and answers outside `okStatuses`. */
  errors: number;
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
 * Runs one scenario for `seconds` with autocannon. Latencies are collected from every response
 * (autocannon's own histogram keeps only 2xx, and verification answers 404 for half of them) in
 * microsecond precision, so p95 is available too.
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
  const instance = autocannon({
    url: server.url,
    connections: scenario.connections,
    duration: seconds,
    timeout: 10,
    overallRate: scenario.overallRate,
    requests: [request],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (!ok.has(statusCode)) wrongStatus++;
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
