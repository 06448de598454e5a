/**
 * Other work of a known size beside a load: worker threads that keep `cores` of CPU busy (a share
 * of each 10 ms spent spinning, the rest asleep) until `until` settles. Set beside a load at the CPU
 * a feature adds to it, it tells what any work of that size costs a latency on this machine, apart
 * from what the feature's own code does to the server's loop. With `memoryMb`, each spin reads and
 * writes at random across that many megabytes, as work on large data does: what the cores' shared
 * caches and memory cost beside the CPU time itself.
 */
import { Worker } from 'node:worker_threads';

// Plain JavaScript, so the thread needs no loader.
const SPINNER = `
const { parentPort, workerData } = require('node:worker_threads');
const { share, memoryMb } = workerData;
const period = 10;
const words = new Uint32Array((memoryMb * 1024 * 1024) / 4);
let at = 1;
let stopped = false;
parentPort.on('message', () => { stopped = true; });
const turn = () => {
  if (stopped) return parentPort.close();
  const end = performance.now() + share * period;
  while (performance.now() < end) {
    if (words.length === 0) continue;
    // A 32-bit LCG in integer arithmetic: one in doubles loses its low bits and revisits a few
    // thousand words, which the cache holds.
    for (let i = 0; i < 256; i++) {
      at = (Math.imul(at, 1664525) + 1013904223) >>> 0;
      words[at % words.length] += 1;
    }
  }
  setTimeout(turn, (1 - share) * period);
};
turn();
`;

/** Keeps `cores` (0 to 2) of CPU busy until `until` settles, across `memoryMb` of memory if given. */
export async function burnCpu(cores: number, until: Promise<unknown>, memoryMb = 0) {
  const shares = (cores > 1 ? [1, cores - 1] : [cores]).filter((share) => share > 0.01);
  const workers = shares.map(
    (share) => new Worker(SPINNER, { eval: true, workerData: { share: Math.min(1, share), memoryMb } }),
  );
  try {
    await until;
  } finally {
    const exited = workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    for (const worker of workers) worker.postMessage('stop');
    await Promise.all(exited);
  }
}
