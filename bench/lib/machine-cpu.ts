import fs from 'node:fs';

/**
 * CPU-seconds the whole machine has spent working since boot, every process counted (user, nice,
 * system, irq, softirq from /proc/stat), or 0 off Linux: read before and after a load, the
 * difference is what the load and everything beside it cost.
 */
export function machineBusyCpuSeconds(): number {
  try {
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] =
      fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return 0;
  }
}
