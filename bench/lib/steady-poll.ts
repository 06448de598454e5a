/** A request still unanswered after this long is counted as failed, with this latency. */
export const REQUEST_TIMEOUT_MS = 60_000;

interface Sample {
  phase: string;
  ms: number;
  status: number | 'error';
}

const round = (value: number) => Math.round(value * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `GET url` `rate` times a second whatever the answers do (open loop), each latency counted
 * from when the request was due, so a stalled server is not flattered by requests never sent; each
 * is tagged with the phase of the run it was sent in. `stop()` waits for the answers.
 */
export function steadyPoll(url: string, headers: Record<string, string>, rate: number, phase: () => string) {
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  let stopped = false;
  const send = async (due: number, sentIn: string) => {
    let status: Sample['status'] = 'error';
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      // counted as an error
    }
    samples.push({ phase: sentIn, ms: performance.now() - due, status });
  };
  const loop = (async () => {
    while (!stopped) {
      const due = started + (sent * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      sent += 1;
      const request = send(due, phase());
      pending.add(request);
      void request.finally(() => pending.delete(request));
    }
  })();
  let stopping: Promise<Sample[]> | undefined;
  return {
    stop() {
      stopped = true;
      stopping ??= loop.then(() => Promise.all(pending)).then(() => samples);
      return stopping;
    },
  };
}

function latencies(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? 0);
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return { requests: ms.length, p50: at(0.5), p99: at(0.99), max: round(ms.at(-1) ?? 0), statuses };
}

/** p50, p99, max and the answers' statuses of the requests sent in each of `phases`. */
export const latenciesByPhase = (samples: Sample[], phases: readonly string[]) =>
  Object.fromEntries(phases.map((phase) => [phase, latencies(samples.filter((s) => s.phase === phase))]));
