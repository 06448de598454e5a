/**
 * A verifier's system sending lists of 1,000 pairs back to back, in a worker thread of its own:
 * building a list and reading its 200 kB answer on the load generator's thread would hold up
 * the verification answers that thread times, and count the delay against the server.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createRandom } from './fake-people.ts';
import type { SampleRow } from './http-bench.ts';
import { setThreadPolicy } from './thread-policy.ts';

export interface ListRun {
  ms: number;
  status: number;
  bytes: number;
}

interface SenderData {
  url: string;
  key: string;
  sample: SampleRow[];
  seed: number;
  /** The sender's thread at the idle policy, as if it ran on a machine of its own. */
  idle?: boolean;
}

/** 1,000 distinct matching pairs as a verifier's system would paste them. */
function listText(sample: SampleRow[], random: ReturnType<typeof createRandom>) {
  const picked = new Map<string, SampleRow>();
  while (picked.size < 1000) {
    const row = random.pick(sample);
    picked.set(`${row.fin} ${row.serial}`, row);
  }
  return ['fin,serial', ...[...picked.values()].map((row) => `${row.fin},${row.serial}`)].join('\n');
}

/** Sends lists back to back until `stopped()`; a refusal (503) waits its Retry-After. */
async function sendLists({ url, key, sample, seed }: SenderData, stopped: () => boolean) {
  const random = createRandom(seed);
  const runs: ListRun[] = [];
  while (!stopped()) {
    const body = JSON.stringify({ text: listText(sample, random) });
    const started = performance.now();
    const response = await fetch(`${url}/api/verifier/checks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
    });
    const text = await response.text();
    runs.push({ ms: performance.now() - started, status: response.status, bytes: text.length });
    if (response.status === 200) {
      const checked = JSON.parse(text).rows.filter((row: { outcome: string }) => row.outcome === 'valid');
      if (checked.length === 0) throw new Error('a list came back with no valid row');
    } else if (response.status === 503) {
      const wait = Number(response.headers.get('retry-after') ?? '1');
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    } else {
      throw new Error(`a list answered ${response.status}: ${text.slice(0, 200)}`);
    }
  }
  return runs;
}

/** Sends lists from a worker thread until `until` settles; resolves to each list's run. */
export function sendListsFromWorker(data: SenderData, until: Promise<unknown>): Promise<ListRun[]> {
  // A worker does not inherit tsx's loader: the thread registers it, then loads this file.
  const start = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(start, { eval: true, workerData: data });
  const stop = () => worker.postMessage('stop');
  until.then(stop, stop);
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  let stop = false;
  port.on('message', () => {
    stop = true;
  });
  if ((workerData as SenderData).idle) setThreadPolicy('idle');
  port.postMessage(await sendLists(workerData as SenderData, () => stop));
  port.close();
}
