import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The calling thread's scheduling policy, set with util-linux's `chrt` (Linux, run as root for
 * real time): `realtime` runs the thread ahead of every ordinary one, and the threads and processes
 * it starts go back to ordinary; `idle` runs it only when no ordinary thread wants its core, and a
 * waking ordinary thread takes the core from it at once (nice 19 still lets it run out its slice).
 * A client given one of these stands in for a client on a machine of its own.
 */
export function setThreadPolicy(policy: 'realtime' | 'idle') {
  const thread = fs.readlinkSync('/proc/thread-self').split('/').at(-1) ?? '';
  const args = policy === 'realtime' ? ['--fifo', '--reset-on-fork', '-p', '1'] : ['--idle', '-p', '0'];
  execFileSync('chrt', [...args, thread]);
}
