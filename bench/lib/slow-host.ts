import fs from 'node:fs';
import path from 'node:path';

const CGROUP_ROOT = '/sys/fs/cgroup';
const NAME = 'ecert-bench-slow-host';
// Short periods, so that a task is stretched evenly rather than stopped for long stretches.
const MIN_PERIOD_US = 2000;
const MIN_QUOTA_US = 1000;

/**
 * A slower host for Lighthouse's Chromium: a Linux cgroup whose processes together get `share` of
 * one CPU. Half a CPU makes a 2-core AMD EPYC host read a benchmark index of about 1,400, the
 * host issue 21 was measured on (decision 0011). Needs root and the cgroup CPU controller; the
 * returned file takes a process id.
 */
export function slowHostCgroup(share: number) {
  if (!(share > 0 && share <= 1))
    throw new Error('--host-cpu-share is a share of one CPU: above 0, at most 1');
  const period = Math.max(MIN_PERIOD_US, Math.ceil(MIN_QUOTA_US / share));
  const quota = Math.round(period * share);
  try {
    if (fs.existsSync(path.join(CGROUP_ROOT, 'cgroup.controllers'))) {
      fs.writeFileSync(path.join(CGROUP_ROOT, 'cgroup.subtree_control'), '+cpu');
      const dir = path.join(CGROUP_ROOT, NAME);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${period}`);
      return path.join(dir, 'cgroup.procs');
    }
    const dir = path.join(CGROUP_ROOT, 'cpu', NAME);
    fs.mkdirSync(dir, { recursive: true });
    // A new period must not be shorter than the quota already set, so the quota goes first.
    fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), '-1');
    fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(period));
    fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
    return path.join(dir, 'tasks');
  } catch (error) {
    throw new Error(
      `--host-cpu-share needs root and the cgroup CPU controller (${(error as Error).message.split('\n')[0]})`,
    );
  }
}

/** A command line that joins the cgroup before it runs `command`: for execFileSync. */
export const inCgroup = (procsFile: string, command: string, args: string[]) => ({
  command: 'sh',
  args: ['-c', 'echo $$ > "$0" && exec "$@"', procsFile, command, ...args],
});
