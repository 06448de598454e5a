/** Markdown for the surge stage (surge-bench.ts), with the staff search budget checked. */
import type { SurgeRouteResult } from './surge-bench.ts';

const row = (cells: (string | number | null)[]) => `| ${cells.map((cell) => cell ?? '–').join(' | ')} |`;
const check = (ok: boolean) => (ok ? 'met' : '**missed**');

export function surgeSummary(label: string, routes: Record<string, SurgeRouteResult>): string[] {
  const out: string[] = [];
  for (const [name, route] of Object.entries(routes)) {
    out.push(
      '',
      `Surge, ${name}, ${label} (capacity ${route.capacityPerSecond}/s): closed loop, as shipped beside shedding off`,
      '',
      row([
        'connections',
        'answered/s',
        'refused/s',
        'p50 ms',
        'p99 ms',
        'off: answered/s',
        'off: p99 ms',
        'ratio',
      ]),
      row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    );
    for (const { connections, shipped, sheddingOff, ratio } of route.closed)
      out.push(
        row([
          connections,
          shipped.answeredPerSecond,
          shipped.refusedPerSecond,
          shipped.p50,
          shipped.p99,
          sheddingOff.answeredPerSecond,
          sheddingOff.p99,
          ratio,
        ]),
      );
    const open = [...route.open.map((run) => ({ ...run, what: `${run.multiple}x` }))];
    if (route.slowDatabase)
      open.push({ ...route.slowDatabase, what: `${route.slowDatabase.multiple}x, slow database` });
    out.push(
      '',
      row([
        'open loop',
        'offered/s',
        'sent/s',
        'answered/s',
        'refused/s',
        'p50 ms',
        'p99 ms',
        'connect timeouts',
        'health p99 / failed',
        'normal after s',
      ]),
      row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    );
    for (const run of open)
      out.push(
        row([
          run.what,
          run.offeredPerSecond,
          run.sentPerSecond,
          run.answeredPerSecond,
          run.refusedPerSecond,
          run.p50,
          run.p99,
          run.connectTimeouts,
          `${run.health.p99} / ${run.health.failed}`,
          run.secondsToNormalAfter,
        ]),
      );
    if (name !== 'verify') continue;
    const worstRatio = Math.min(...route.closed.map((run) => run.ratio));
    const refusedInTime = route.closed.filter(
      (run) => run.shipped.refusedPerSecond > 0 && run.shipped.p99 < 250,
    );
    out.push(
      '',
      `Budget, ${label}: closed loop ≥ 0.9× shedding off: ${worstRatio} (${check(worstRatio >= 0.9)}); ` +
        `nothing refused while p99 < 250 ms: ${check(refusedInTime.length === 0)}.`,
    );
    const worst = route.open.at(-1);
    if (worst)
      out.push(
        `At ${worst.multiple}x (${worst.sentPerSecond}/s sent): answered p99 ${worst.p99} ms < 1 s ${check(worst.p99 < 1000)}; ` +
          `connect timeouts ${worst.connectTimeouts} ${check(worst.connectTimeouts === 0)}; ` +
          `health failed ${worst.health.failed} ${check(worst.health.failed === 0)}; normal after ${worst.secondsToNormalAfter} s ` +
          `${check(worst.secondsToNormalAfter !== null && worst.secondsToNormalAfter < 5)}.`,
      );
  }
  return out;
}
