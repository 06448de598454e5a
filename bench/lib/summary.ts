/** Markdown tables from a results file, for bench/README.md and the end of `npm run bench`. */

interface Median {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  peakRssMb: number;
  serverCpuUsPerRequest: number;
}
interface Scenario {
  connections: number;
  overallRate?: number;
  median: Median;
  ratioToConstant: number;
}
interface Stage {
  records: number;
  generate: {
    secondsPer100kIndexed: number;
    secondsPer100kBulk: number[];
    indexBuildSeconds: Record<string, number>;
    totalSeconds: number;
  };
  http: { idleRssMb: number; scenarios: Record<string, Scenario> };
}
interface LighthouseMedian {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}
interface Results {
  date: string;
  command: string;
  machine: { cpuModel: string; cores: number; memoryGb: number; node: string; loadAverage: number[] };
  loadAverageAtEnd?: number[];
  pglite?: Stage;
  postgres?: Stage & { plans?: Record<string, { plan: string }> };
  frontEnd?: {
    bundles: {
      pages: Record<string, { jsGzipKb: number; cssGzipKb: number }>;
      dashboard: { jsGzipKb: number };
    };
    lighthouse?: Record<string, { median: LighthouseMedian }>;
  };
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const check = (ok: boolean) => (ok ? 'met' : '**missed**');

function httpTable(stage: Stage) {
  const lines = [
    row([
      'route',
      'conns',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'errors',
      'server RSS MB',
      'server CPU µs/req',
      '× constant',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const [name, s] of Object.entries(stage.http.scenarios)) {
    const m = s.median;
    lines.push(
      row([
        name,
        s.connections,
        m.rps,
        m.p50,
        m.p95,
        m.p99,
        m.errors,
        m.peakRssMb,
        m.serverCpuUsPerRequest,
        s.overallRate ? '–' : s.ratioToConstant,
      ]),
    );
  }
  return lines.join('\n');
}

export function summarize(results: Results): string {
  const out: string[] = [];
  const m = results.machine;
  out.push(
    `${results.date.slice(0, 16).replace('T', ' ')} UTC, ${m.cores} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}; ` +
      `load average ${m.loadAverage.join(' / ')} at the start${results.loadAverageAtEnd ? `, ${results.loadAverageAtEnd.join(' / ')} at the end` : ''}.`,
  );
  out.push('', `Command: \`${results.command}\``);

  const targets = [
    row(['budget (DESIGN.md §9)', 'measured', 'target', '']),
    row(['---', '---:', '---:', '---']),
  ];
  const pg = results.postgres;
  const pgl = results.pglite;
  if (pg) {
    const v = pg.http.scenarios.verify;
    const steady = pg.http.scenarios['verify-1000rps'];
    if (steady)
      targets.push(
        row([
          'verify, PostgreSQL 1M: p99 at a steady 1,000 req/s, 50 connections',
          `${steady.median.p99} ms`,
          '(< 25 ms)',
          check(steady.median.p99 < 25),
        ]),
      );
    const s = pg.http.scenarios.search;
    if (v) {
      targets.push(
        row([
          'verify, PostgreSQL 1M: × constant route',
          v.ratioToConstant,
          '≥ 0.5',
          check(v.ratioToConstant >= 0.5),
        ]),
      );
      targets.push(
        row([
          'verify, PostgreSQL 1M: p99 at 50 connections',
          `${v.median.p99} ms`,
          '< 25 ms',
          check(v.median.p99 < 25),
        ]),
      );
    }
    if (s)
      targets.push(
        row(['staff search, PostgreSQL 1M: p95', `${s.median.p95} ms`, '< 50 ms', check(s.median.p95 < 50)]),
      );
    targets.push(
      row([
        'bulk insert, PostgreSQL, 100k rows with all indexes',
        `${pg.generate.secondsPer100kIndexed.toFixed(1)} s`,
        '< 30 s',
        check(pg.generate.secondsPer100kIndexed < 30),
      ]),
    );
  }
  if (pgl?.http.scenarios.verify) {
    const rps = pgl.http.scenarios.verify.median.rps;
    targets.push(row(['verify, PGlite 200k: req/s', rps, '≥ 1,500', check(rps >= 1500)]));
  }
  const fe = results.frontEnd;
  if (fe) {
    const verifyKb = fe.bundles.pages['/verify']?.jsGzipKb ?? 0;
    targets.push(
      row(['first-paint JS of /verify (gzip)', `${verifyKb} kB`, '≤ 180 kB', check(verifyKb <= 180)]),
    );
    for (const [page, { median: l }] of Object.entries(fe.lighthouse ?? {})) {
      targets.push(
        row([`Lighthouse mobile performance ${page}`, l.performance, '≥ 0.95', check(l.performance >= 0.95)]),
      );
      targets.push(
        row([`Lighthouse accessibility ${page}`, l.accessibility, '1.0', check(l.accessibility === 1)]),
      );
    }
  }
  out.push('', '### Budgets', '', ...targets);

  for (const [label, stage] of [
    ['PostgreSQL', pg],
    ['PGlite', pgl],
  ] as const) {
    if (!stage) continue;
    const g = stage.generate;
    out.push(
      '',
      `### ${label}, ${stage.records.toLocaleString('en')} records (server idle RSS ${stage.http.idleRssMb} MB)`,
      '',
      httpTable(stage),
      '',
      `Generator: ${g.secondsPer100kIndexed.toFixed(1)} s per 100k rows with every index live; ` +
        (g.secondsPer100kBulk.length
          ? `${median(g.secondsPer100kBulk).toFixed(1)} s per 100k (median) with the secondary indexes dropped, then rebuilt in ` +
            Object.entries(g.indexBuildSeconds)
              .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
              .join(', ') +
            '; '
          : '') +
        `${g.totalSeconds.toFixed(0)} s in all.`,
    );
  }

  if (fe) {
    out.push(
      '',
      '### Front end',
      '',
      row([
        'page',
        'first-paint JS gzip kB',
        'CSS gzip kB',
        'performance',
        'accessibility',
        'FCP ms',
        'LCP ms',
        'TBT ms',
        'CLS',
      ]),
      row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    );
    for (const [page, sizes] of Object.entries(fe.bundles.pages)) {
      const l = fe.lighthouse?.[page]?.median;
      out.push(
        row([
          page,
          sizes.jsGzipKb,
          sizes.cssGzipKb,
          l?.performance ?? '–',
          l?.accessibility ?? '–',
          l?.fcpMs ?? '–',
          l?.lcpMs ?? '–',
          l?.tbtMs ?? '–',
          l?.cls ?? '–',
        ]),
      );
    }
    out.push('', `Dashboard chunks (loaded only by staff pages): ${fe.bundles.dashboard.jsGzipKb} kB gzip.`);
  }
  return out.join('\n');
}
