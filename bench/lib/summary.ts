/** Markdown tables from a results file, for bench/README.md and the end of `npm run bench`. */
import type { GenerateResult } from '../generate.ts';
import type { LighthousePage } from './front-end.ts';
import { type ScenarioSummary, STEADY_SEARCH_RATES } from './http-bench.ts';
import type { PageScripts } from './page-scripts.ts';
import type { SurgeRouteResult } from './surge-bench.ts';
import { surgeSummary } from './surge-summary.ts';

type Scenario = Pick<ScenarioSummary, 'connections' | 'overallRate' | 'median' | 'ratioToConstant'>;
interface Stage {
  records: number;
  generate: Omit<GenerateResult, 'records' | 'rowsBefore'>;
  http?: { idleRssMb: number; scenarios: Record<string, Scenario> };
  bulk?: {
    import: { rows: number; checkSeconds: number; commitSeconds: number; uploadToDoneSeconds: number };
    export: { records: number; seconds: number; rssGrowthMb: number };
  };
  surge?: { routes: Record<string, SurgeRouteResult> };
}
interface Results {
  date: string;
  command: string;
  machine: { cpuModel: string; cores: number; memoryGb: number; node: string; loadAverage: number[] };
  loadAverageAtEnd?: number[];
  pglite?: Stage;
  postgres?: Stage & { plans?: Record<string, { plan: string }> };
  frontEnd?: {
    scripts: Record<string, Pick<PageScripts, 'firstPaintJsGzipKb' | 'allIslandsJsGzipKb' | 'islands'>>;
    /** Lighthouse's runs by CPU slowdown ("4x", "8x"), then by page. */
    lighthouse?: Record<
      string,
      Record<string, Pick<LighthousePage, 'median' | 'worst' | 'empty' | 'overEmpty'>>
    >;
    benchmarkIndex?: number;
    loadAverageAtStart?: number[];
  };
  credentials?: {
    signedPerSecond: number;
    getCredentialMs: Record<'uncached' | 'cached', { p50: number; p95: number }>;
    statusList: { records: number; lists: number; oneListMs: { p50: number; max: number } };
  };
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const check = (ok: boolean) => (ok ? 'met' : '**missed**');

function httpTable(stage: Stage) {
  const lines = [
    row(
      'route|conns|req/s|p50 ms|p95 ms|p99 ms|errors|server RSS MB|server CPU µs/req|× constant'.split('|'),
    ),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const [name, s] of Object.entries(stage.http?.scenarios ?? {})) {
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

  const targets = [row(['budget', 'measured', 'target', '']), row(['---', '---:', '---:', '---'])];
  const budget = (label: string, measured: string | number, target: string, met: boolean) =>
    targets.push(row([label, measured, target, target === '(report)' ? '' : check(met)]));
  const pg = results.postgres;
  if (pg) {
    const scenarios = pg.http?.scenarios ?? {};
    const { verify, search, 'verify-1000rps': steady } = scenarios;
    if (steady) {
      const p99 = steady.median.p99;
      budget(
        'verify, PostgreSQL 1M: p99 at a steady 1,000 req/s, 50 connections',
        `${p99} ms`,
        '(< 25 ms)',
        p99 < 25,
      );
    }
    if (verify) {
      const { ratioToConstant: ratio, median } = verify;
      budget('verify, PostgreSQL 1M: × constant route', ratio, '≥ 0.5', ratio >= 0.5);
      budget('verify, PostgreSQL 1M: p99 at 50 connections', `${median.p99} ms`, '< 25 ms', median.p99 < 25);
    }
    for (const rate of STEADY_SEARCH_RATES) {
      const steadySearch = scenarios[`search-${rate}rps`];
      if (!steadySearch) continue;
      const p95 = steadySearch.median.p95;
      budget(
        `staff search, PostgreSQL 1M: p95 at a steady ${rate} req/s`,
        `${p95} ms`,
        '(< 50 ms)',
        p95 < 50,
      );
    }
    if (search) {
      const p95 = search.median.p95;
      budget('staff search, PostgreSQL 1M: p95 at 5 connections', `${p95} ms`, '< 50 ms', p95 < 50);
    }
    // Patterns matching very many people (budget 150 ms), and the earlier mix, reported only.
    for (const [name, what, limit] of [
      ['search-broad', 'matching very many', 150],
      ['search-slices', 'of the earlier mix (slices)', 1_000_000],
    ] as const) {
      const p95 = scenarios[name]?.median.p95;
      if (p95 !== undefined)
        budget(
          `staff search ${what}, PostgreSQL 1M: p95`,
          `${p95} ms`,
          limit < 1e6 ? `< ${limit} ms` : '(report)',
          p95 < limit,
        );
    }
    const bulk = pg.generate.secondsPer100kIndexed;
    budget(
      'bulk insert, PostgreSQL, 100k rows with all indexes',
      `${bulk.toFixed(1)} s`,
      '< 30 s',
      bulk < 30,
    );
  }
  for (const [label, stage, budgeted] of [
    ['PostgreSQL', pg, true],
    ['PGlite', results.pglite, false],
  ] as const) {
    const bulk = stage?.bulk;
    if (!bulk) continue;
    const at = `${label} ${stage.records.toLocaleString('en')}`;
    const rows = bulk.import.rows.toLocaleString('en');
    const limit = (seconds: number, unit = 's') => (budgeted ? `< ${seconds} ${unit}` : '(report)');
    const { uploadToDoneSeconds: total, checkSeconds: check, commitSeconds: commit } = bulk.import;
    budget(`import of ${rows} rows over HTTP, ${at}: upload to done`, `${total} s`, limit(30), total < 30);
    budget(`import of ${rows} rows, ${at}: upload and check`, `${check} s`, limit(15), check < 15);
    budget(`import of ${rows} rows, ${at}: commit`, `${commit} s`, '(report)', true);
    const { records, seconds, rssGrowthMb } = bulk.export;
    budget(
      `export of ${records.toLocaleString('en')} records, ${label}: streamed`,
      `${seconds} s`,
      limit(60),
      seconds < 60,
    );
    budget(`export, ${label}: server RSS growth`, `${rssGrowthMb} MB`, limit(100, 'MB'), rssGrowthMb < 100);
  }
  const pgliteVerify = results.pglite?.http?.scenarios.verify;
  if (pgliteVerify) {
    const rps = pgliteVerify.median.rps;
    budget('verify, PGlite 200k: req/s', rps, '≥ 1,500', rps >= 1500);
  }
  const fe = results.frontEnd;
  if (fe) {
    for (const [page, { firstPaintJsGzipKb: kb }] of Object.entries(fe.scripts)) {
      const limitKb = page === '/verify' ? 85 : 70;
      budget(`first-paint JS of ${page} (gzip)`, `${kb} kB`, `≤ ${limitKb} kB`, kb <= limitKb);
    }
    for (const [slowdown, pages] of Object.entries(fe.lighthouse ?? {})) {
      const [scoreDrop, tbtMs] = slowdown === '4x' ? [0.02, 100] : [0.05, 200];
      for (const [page, { overEmpty, worst }] of Object.entries(pages)) {
        const at = `${page} at ${slowdown}`;
        budget(
          `Lighthouse performance ${at}: largest drop below the empty page's run beside it`,
          overEmpty.largestScoreDrop,
          `≤ ${scoreDrop}`,
          overEmpty.largestScoreDrop <= scoreDrop,
        );
        budget(
          `Lighthouse TBT ${at}: median over the empty page's`,
          `${overEmpty.medianTbtMs} ms`,
          `< ${tbtMs} ms`,
          overEmpty.medianTbtMs < tbtMs,
        );
        budget(`Lighthouse accessibility ${at}`, worst.accessibility, '1.0', worst.accessibility === 1);
      }
    }
  }
  const credentials = results.credentials;
  if (credentials) {
    const { uncached, cached } = credentials.getCredentialMs;
    budget('signed credentials issued a second (PGlite)', credentials.signedPerSecond, '(report)', true);
    budget(
      'GET credential p95, first / cached (PGlite)',
      `${uncached.p95} / ${cached.p95} ms`,
      '(report)',
      true,
    );
    const list = credentials.statusList;
    budget(
      `status list of ${list.records.toLocaleString('en')} people, one list signed (PostgreSQL)`,
      `${list.oneListMs.max} ms (max)`,
      '< 1,000 ms',
      list.oneListMs.max < 1000,
    );
  }
  out.push('', '### Budgets', '', ...targets);

  for (const [label, stage] of [
    ['PostgreSQL', pg],
    ['PGlite', results.pglite],
  ] as const) {
    if (!stage) continue;
    const g = stage.generate;
    out.push(
      '',
      `### ${label}, ${stage.records.toLocaleString('en')} records (server idle RSS ${stage.http?.idleRssMb ?? '–'} MB)`,
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
    if (stage.surge) out.push(...surgeSummary(label, stage.surge.routes));
  }

  if (fe) {
    const slowdowns = Object.keys(fe.lighthouse ?? {});
    out.push(
      '',
      '### Front end',
      '',
      row([
        'page',
        'first-paint JS gzip kB',
        'every island reached for, kB',
        ...slowdowns.flatMap((s) => [
          `performance ${s} (empty page)`,
          `TBT ms ${s} (empty page)`,
          `TBT over empty ms ${s}`,
          `LCP ms ${s}`,
          `accessibility ${s}`,
        ]),
      ]),
      row(['---', '---:', '---:', ...slowdowns.flatMap(() => ['---:', '---:', '---:', '---:', '---:'])]),
    );
    for (const [page, sizes] of Object.entries(fe.scripts)) {
      const cells = slowdowns.flatMap((s) => {
        const l = fe.lighthouse?.[s]?.[page];
        if (!l) return ['–', '–', '–', '–', '–'];
        return [
          `${l.median.performance}, worst ${l.worst.performance} (${l.empty.median.performance}, ${l.empty.worst.performance})`,
          `${l.median.tbtMs}, worst ${l.worst.tbtMs} (${l.empty.median.tbtMs}, ${l.empty.worst.tbtMs})`,
          l.overEmpty.medianTbtMs,
          l.median.lcpMs,
          l.worst.accessibility,
        ];
      });
      out.push(row([page, sizes.firstPaintJsGzipKb, sizes.allIslandsJsGzipKb, ...cells]));
    }
    out.push(
      '',
      'Lighthouse mobile, each run a first visit from another site: median and worst of the runs, ' +
        "the empty page's runs beside them in brackets. " +
        `Host benchmark index ${fe.benchmarkIndex ?? '–'}; load average at the start ${fe.loadAverageAtStart?.join(', ') ?? '–'}.`,
    );
  }
  return out.join('\n');
}
