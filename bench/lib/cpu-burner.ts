/**
 * Other work of a known size beside a load: worker threads that keep `cores` of CPU busy (a share
 * of each 10 ms spent spinning, the rest asleep) until `until` settles. Set beside a load at the CPU
 * a feature adds to it, it tells what any work of that size costs a latency on this machine, apart
 * from what the feature's own code does to the server's loop.
 */
import { Worker } from 'node:worker_threads';

// Plain JavaScript, so the thread needs no loader.
const SPINNER = `
const { parentPort, workerData } = require('node:worker_threads');
const period = 10;
let stopped = false;
parentPort.on('message', () => { stopped = true; });
const turn = () => {
  if (stopped) return parentPort.close();
  const end = performance.now() + workerData * period;
  while (performance.now() < end) {}
  setTimeout(turn, (1 - workerData) * period);
};
turn();
`;

/** Keeps `cores` (0 to 2) of CPU busy until `until` settles. */
export async function burnCpu(cores: number, until: Promise<unknown>) {
  const shares = (cores > 1 ? [1, cores - 1] : [cores]).filter((share) => share > 0.01);
  const workers = shares.map((share) => new Worker(SPINNER, { eval: true, workerData: Math.min(1, share) }));
  try {
    await until;
  } finally {
    const exited = workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    for (const worker of workers) worker.postMessage('stop');
    await Promise.all(exited);
  }
}
