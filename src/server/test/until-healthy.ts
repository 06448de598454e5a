import type { ChildProcess } from 'node:child_process';
import { SERVING } from '../serving-line.ts';

/**
 * Waits until the server in `child` answers `${url}/api/health` with 200, asking only once what
 * it `printed` (its standard output) says it serves: before that, a 200 may come from another
 * process on the port. A server that exits (a bad setting, a port taken) fails at once, and a
 * timeout fails, each with what it printed.
 */
export async function untilHealthy(
  child: ChildProcess,
  url: string,
  printed: () => string,
  timeoutMs: number,
  pollMs = 200,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${printed()}`);
    const status = !printed().includes(SERVING)
      ? 0
      : await fetch(`${url}/api/health`).then(
          (response) => response.status,
          () => 0,
        );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${printed()}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
