// autocannon 9 ships no types; this covers the part of its API the benchmarks use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    overallRate?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  }

  export interface AutocannonResult {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void;
  }

  export default function autocannon(options: AutocannonOptions): Instance;
}
