import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PAIRS } from '#server/features/demo/demo-people.ts';
import { publicPages } from '#shared/routes.ts';
import { startElsewhere } from './elsewhere.ts';
import { type LighthouseRun, type LighthouseSetup, runLighthouse, setUpLighthouse } from './lighthouse.ts';
import { median } from './load.ts';
import { measurePageScripts } from './page-scripts.ts';
import { startServer } from './server.ts';

/**
 * Lighthouse's own mobile setting, and a phone twice as slow: the CPU slowdowns every page is
 * measured at (decision 0010).
 */
const CPU_SLOWDOWNS = [4, 8] as const;

/** The pages Lighthouse measures; the first-paint bytes are read for every public page. */
const LIGHTHOUSE_PAGES: string[] = [publicPages.home, publicPages.verify, publicPages.info];
// Every other public page as a visitor opens it: the site search with a query.
const STATIC_PAGES = Object.values(publicPages)
  .filter((page) => !LIGHTHOUSE_PAGES.includes(page))
  .map((page) => (page === publicPages.search ? `${page}?q=safety` : page));

type LighthouseMedian = Omit<LighthouseRun, 'failedAccessibilityAudits' | 'benchmarkIndex'>;
interface RunsSummary {
  runs: LighthouseRun[];
  median: LighthouseMedian;
  worst: { performance: number; accessibility: number; tbtMs: number };
}

function summarizeRuns(runs: LighthouseRun[]): RunsSummary {
  const pick = (key: keyof LighthouseMedian) => median(runs.map((r) => r[key]));
  return {
    runs,
    median: {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      fcpMs: pick('fcpMs'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
    },
    worst: {
      performance: Math.min(...runs.map((r) => r.performance)),
      accessibility: Math.min(...runs.map((r) => r.accessibility)),
      tbtMs: Math.max(...runs.map((r) => r.tbtMs)),
    },
  };
}

/**
 * A page's Lighthouse runs, each beside the run of the empty page just before it, and how far the
 * page stays from the empty page: the largest drop of score in a pair, the median extra TBT.
 */
export interface LighthousePage extends RunsSummary {
  empty: RunsSummary;
  overEmpty: { largestScoreDrop: number; medianTbtMs: number };
}

function comparePage(pairs: { page: LighthouseRun; empty: LighthouseRun }[]): LighthousePage {
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    ...summarizeRuns(pairs.map((p) => p.page)),
    empty: summarizeRuns(pairs.map((p) => p.empty)),
    overEmpty: {
      largestScoreDrop: round(Math.max(...pairs.map((p) => p.empty.performance - p.page.performance))),
      medianTbtMs: median(pairs.map((p) => p.page.tbtMs - p.empty.tbtMs)),
    },
  };
}

const describeRun = (run: LighthouseRun) =>
  `performance ${run.performance}, accessibility ${run.accessibility}, LCP ${run.lcpMs} ms, ` +
  `TBT ${run.tbtMs} ms, benchmark index ${run.benchmarkIndex}` +
  `${run.failedAccessibilityAudits.length ? `, failed: ${run.failedAccessibilityAudits.join(' ')}` : ''}`;

/**
 * Every page at every slowdown, `runs` times, each run of a page right after a run of the empty
 * page, and the pages taking turns: a drift of the shared machine weighs on both alike.
 */
async function measureLighthouse(
  setup: LighthouseSetup,
  urls: Record<string, string>,
  emptyUrl: string,
  options: { runs: number; log: (line: string) => void },
) {
  const lighthouse: Record<string, Record<string, LighthousePage>> = {};
  for (const cpuSlowdown of CPU_SLOWDOWNS) {
    const pairs = Object.fromEntries(
      LIGHTHOUSE_PAGES.map((page) => [page, [] as { page: LighthouseRun; empty: LighthouseRun }[]]),
    );
    for (let i = 1; i <= options.runs; i++) {
      for (const page of LIGHTHOUSE_PAGES) {
        const empty = await runLighthouse(setup, emptyUrl, cpuSlowdown, options.log);
        const measured = await runLighthouse(setup, urls[page] ?? '', cpuSlowdown, options.log);
        options.log(`  lighthouse at ${cpuSlowdown}x run ${i}, empty page: ${describeRun(empty)}`);
        options.log(`  lighthouse at ${cpuSlowdown}x run ${i}, ${page}: ${describeRun(measured)}`);
        pairs[page]?.push({ page: measured, empty });
      }
    }
    lighthouse[`${cpuSlowdown}x`] = Object.fromEntries(
      Object.entries(pairs).map(([page, runs]) => [page, comparePage(runs)]),
    );
  }
  return lighthouse;
}

export async function benchFrontEnd(options: {
  appDir: string;
  workDir: string;
  port: number;
  lighthouseRuns: number;
  log: (line: string) => void;
}) {
  const { log } = options;
  const loadAverageAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);
  log('Front end: npm run build (the client, then the server renderer of public pages)');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: options.appDir, stdio: 'inherit' });
  // A fresh demo registry: its records have real images, as a visitor's /info page would.
  const dataDir = path.join(options.workDir, 'pages-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({
    appDir: options.appDir,
    port: options.port,
    env: { DATA_DIR: dataDir, SEED_DEMO: 'true', AUTH_SECRET: 'bench-secret-'.padEnd(48, 'x') },
    logFile: path.join(options.workDir, 'server-pages.log'),
  });
  try {
    const pair = DEMO_PAIRS[0];
    const verified = await fetch(`${server.url}/api/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ finNumber: pair?.finNumber, eCertNumber: pair?.eCertNumber }),
    });
    const { id } = (await verified.json()) as { id: string };
    const pathOf = (page: string) => page.replace(':id', id);
    const urls = Object.fromEntries(
      [...LIGHTHOUSE_PAGES, ...STATIC_PAGES].map((page) => [page, `${server.url}${pathOf(page)}`]),
    );
    const scripts = await measurePageScripts(path.join(options.appDir, 'dist/client'), urls);
    for (const [page, measured] of Object.entries(scripts))
      log(
        `  ${page}: first-paint JS ${measured.firstPaintJsGzipKb} kB gzip, ` +
          `${measured.allIslandsJsGzipKb} kB once every island is reached for (${measured.islands.join(', ')})`,
      );
    if (options.lighthouseRuns === 0) return { scripts, loadAverageAtStart };

    // The page a visitor comes from and the empty page, on sites of their own (port + 1).
    const elsewhere = await startElsewhere(options.port + 1);
    try {
      const setup = setUpLighthouse(options.workDir, elsewhere.startUrl);
      const lighthouse = await measureLighthouse(setup, urls, elsewhere.emptyUrl, {
        runs: options.lighthouseRuns,
        log,
      });
      const benchmarkIndex = median(
        Object.values(lighthouse).flatMap((pages) =>
          Object.values(pages).flatMap((p) => [...p.runs, ...p.empty.runs].map((r) => r.benchmarkIndex)),
        ),
      );
      return { scripts, benchmarkIndex, loadAverageAtStart, lighthouse };
    } finally {
      await elsewhere.stop();
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
