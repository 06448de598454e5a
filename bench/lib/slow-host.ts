import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CGROUP_ROOT = '/sys/fs/cgroup';
const NAME = 'ecert-bench-slow-host';

export interface SlowHost {
  /** Lighthouse's cgroup: the file that takes a process id (see inCgroup). */
  chromiumProcs: string;
  stop(): void;
}

const isCgroupV2 = () => fs.existsSync(path.join(CGROUP_ROOT, 'cgroup.controllers'));

/** A cgroup of the CPU controller with this weight, relative to `base` for an ordinary one. */
function weightedCgroup(suffix: string, weightOfBase: number) {
  const v2 = isCgroupV2();
  if (v2) fs.writeFileSync(path.join(CGROUP_ROOT, 'cgroup.subtree_control'), '+cpu');
  const dir = v2
    ? path.join(CGROUP_ROOT, `${NAME}-${suffix}`)
    : path.join(CGROUP_ROOT, 'cpu', `${NAME}-${suffix}`);
  fs.mkdirSync(dir, { recursive: true });
  // cgroup v2's default weight is 100 (1-10,000); v1's cpu.shares 1,024 (2-262,144).
  const [file, base, max] = v2 ? ['cpu.weight', 100, 10_000] : ['cpu.shares', 1024, 262_144];
  fs.writeFileSync(path.join(dir, file), String(Math.min(max, Math.round(base * weightOfBase))));
  return path.join(dir, 'cgroup.procs');
}

/**
 * A slower host for Lighthouse's Chromium, made with a competing load: one busy process pinned to
 * each core, weighted `load` times Chromium on every core, so each of Chromium's threads gets only
 * part of its core while its threads still run side by side, as on a host whose cores are each
 * slower (decision 0012; the benchmark index of the runs shows how much slower). The server is
 * weighted above both: it stands for a machine of its own. Needs root and the cgroup CPU controller.
 */
export function startSlowHost(load: number, serverPid: number): SlowHost {
  if (!(load > 0 && load <= 20))
    throw new Error('--host-load is a weight beside Chromium: above 0, at most 20');
  const cores = os.availableParallelism();
  let busy: ChildProcess[] = [];
  try {
    const chromiumProcs = weightedCgroup('chromium', 1);
    const loadProcs = weightedCgroup('load', load * cores);
    fs.writeFileSync(weightedCgroup('server', 100), String(serverPid));
    busy = Array.from({ length: cores }, (_, core) => {
      const run = inCgroup(loadProcs, 'taskset', ['-c', String(core), process.execPath, '-e', 'for (;;);']);
      return spawn(run.command, run.args, { stdio: 'ignore' });
    });
    return { chromiumProcs, stop: () => stopAll(busy) };
  } catch (error) {
    stopAll(busy);
    throw new Error(
      `--host-load needs root and the cgroup CPU controller (${(error as Error).message.split('\n')[0]})`,
    );
  }
}

const stopAll = (processes: ChildProcess[]) => {
  for (const child of processes) child.kill('SIGKILL');
};

/** A command line that joins the cgroup before it runs `command`: for execFileSync or spawn. */
export const inCgroup = (procsFile: string, command: string, args: string[]) => ({
  command: 'sh',
  args: ['-c', 'echo $$ > "$0" && exec "$@"', procsFile, command, ...args],
});
