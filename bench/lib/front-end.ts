import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PAIRS } from '#server/features/demo/demo-people.ts';
import { publicPages } from '#shared/routes.ts';
import { median } from './load.ts';
import { measurePageScripts } from './page-scripts.ts';
import { startServer } from './server.ts';

const LIGHTHOUSE_VERSION = '12.8.2';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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

/** Lighthouse 12 is installed into bench/.work on first use; the app never depends on it. */
function lighthouseCli(workDir: string) {
  const prefix = path.join(workDir, 'lighthouse');
  const cli = path.join(prefix, 'node_modules/lighthouse/cli/index.js');
  const installed = path.join(prefix, 'node_modules/lighthouse/package.json');
  if (
    !fs.existsSync(installed) ||
    JSON.parse(fs.readFileSync(installed, 'utf8')).version !== LIGHTHOUSE_VERSION
  ) {
    execFileSync(
      'npm',
      ['install', '--prefix', prefix, '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: 'inherit' },
    );
  }
  return cli;
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this host's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
  failedAccessibilityAudits: string[];
}
type LighthouseMedian = Omit<LighthouseRun, 'failedAccessibilityAudits' | 'benchmarkIndex'>;

/**
 * One Lighthouse run, tried again up to twice: now and then Chromium's trace lacks the navigation
 * start and Lighthouse gives up on the run ("NO_NAVSTART"), which says nothing about the page.
 */
function runLighthouse(setup: LighthouseSetup, url: string, cpuSlowdown: number): LighthouseRun {
  for (let attempt = 1; ; attempt++) {
    try {
      return runLighthouseOnce(setup, url, cpuSlowdown, writeStartPageConfig(url, setup.outFile));
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  lighthouse failed on ${url} (${(error as Error).message.split('\n')[0]}); trying again`);
    }
  }
}

/**
 * Lighthouse loads a page after its `blankPage`, about:blank by default. The portal's
 * Cross-Origin-Opener-Policy then moves the page into a new renderer process, whose start-up
 * Lighthouse's simulation counts as the page's blocking time (decision 0010). Starting from an
 * image of the same origin keeps the process, as a visitor's second page does.
 */
function writeStartPageConfig(url: string, outFile: string) {
  const configFile = path.join(path.dirname(outFile), 'lighthouse-config.json');
  const blankPage = new URL('/favicon.svg', url).href;
  fs.writeFileSync(configFile, JSON.stringify({ extends: 'lighthouse:default', settings: { blankPage } }));
  return configFile;
}

interface LighthouseSetup {
  cli: string;
  outFile: string;
}

function runLighthouseOnce(
  { cli, outFile }: LighthouseSetup,
  url: string,
  cpuSlowdown: number,
  configFile: string,
): LighthouseRun {
  fs.rmSync(outFile, { force: true });
  const args = [
    cli,
    url,
    '--quiet',
    `--config-path=${configFile}`,
    '--output=json',
    `--output-path=${outFile}`,
    '--only-categories=performance,accessibility',
    `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
    `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
  ];
  execFileSync(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const report = JSON.parse(fs.readFileSync(outFile, 'utf8'));
  if (report.runtimeError || typeof report.categories.performance.score !== 'number')
    throw new Error(`Lighthouse could not measure the page: ${report.runtimeError?.code ?? 'no score'}`);
  const audit = (id: string) => Math.round(report.audits[id]?.numericValue ?? 0);
  return {
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: Math.round((report.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
    failedAccessibilityAudits: report.categories.accessibility.auditRefs
      .filter((ref: { id: string; weight: number }) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
      .map((ref: { id: string }) => ref.id),
  };
}

/** A page's Lighthouse runs, with the median of each measure and the worst run's. */
export interface LighthousePage {
  runs: LighthouseRun[];
  median: LighthouseMedian;
  worst: { performance: number; accessibility: number; tbtMs: number };
}

function measureLighthouse(
  setup: LighthouseSetup,
  name: string,
  url: string,
  options: { runs: number; cpuSlowdown: number; log: (line: string) => void },
): LighthousePage {
  const runs = Array.from({ length: options.runs }, (_, i) => {
    const run = runLighthouse(setup, url, options.cpuSlowdown);
    options.log(
      `  lighthouse ${name} run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, ` +
        `LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, benchmark index ${run.benchmarkIndex}` +
        `${run.failedAccessibilityAudits.length ? `, failed: ${run.failedAccessibilityAudits.join(' ')}` : ''}`,
    );
    return run;
  });
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

    const lighthouseSetup: LighthouseSetup = {
      cli: lighthouseCli(options.workDir),
      outFile: path.join(options.workDir, 'lighthouse.json'),
    };
    const lighthouse: Record<string, Record<string, LighthousePage>> = {};
    for (const cpuSlowdown of CPU_SLOWDOWNS) {
      const atSlowdown: Record<string, LighthousePage> = {};
      for (const page of LIGHTHOUSE_PAGES) {
        const runOptions = { runs: options.lighthouseRuns, cpuSlowdown, log };
        atSlowdown[page] = measureLighthouse(
          lighthouseSetup,
          `${page} at ${cpuSlowdown}x`,
          urls[page] ?? '',
          runOptions,
        );
      }
      lighthouse[`${cpuSlowdown}x`] = atSlowdown;
    }
    const benchmarkIndex = median(
      Object.values(lighthouse).flatMap((pages) =>
        Object.values(pages).flatMap((p) => p.runs.map((r) => r.benchmarkIndex)),
      ),
    );
    return { scripts, benchmarkIndex, loadAverageAtStart, lighthouse };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
