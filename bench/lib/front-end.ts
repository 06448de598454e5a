import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEMO_PAIRS } from '#server/features/demo/demo-people.ts';
import { startEmptyPage } from './empty-page-floor.ts';
import { median } from './load.ts';
import { startServer } from './server.ts';
import { inCgroup, type SlowHost, startSlowHost } from './slow-host.ts';
import { timeToReady } from './time-to-ready.ts';

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

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

// Set by measureBundles to the folder it measures.
let clientDir = 'dist/client';
const gzipKb = (file: string) =>
  Math.round((zlib.gzipSync(fs.readFileSync(path.join(clientDir, file))).length / 1024) * 10) / 10;

/** A chunk and everything it imports statically: what the browser must fetch before running it. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const sumKb = (manifest: Manifest, keys: Iterable<string>) =>
  Math.round([...keys].reduce((total, key) => total + gzipKb(manifest[key]?.file ?? ''), 0) * 10) / 10;

const cssKb = (manifest: Manifest, keys: Iterable<string>) => {
  const files = new Set([...keys].flatMap((key) => manifest[key]?.css ?? []));
  return Math.round([...files].reduce((total, file) => total + gzipKb(file), 0) * 10) / 10;
};

/**
 * First paint of a page = the entry chunk and its static imports, plus the page's lazy route
 * module and its static imports: React Router resolves a route's `lazy()` before rendering it.
 */
function measureBundles(builtClientDir: string) {
  clientDir = builtClientDir;
  const manifest = JSON.parse(
    fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = staticClosure(manifest, 'index.html');
  const page = (route: string) => {
    const keys = staticClosure(manifest, `app/routes/${route}.tsx`, new Set(entry));
    return {
      jsGzipKb: sumKb(manifest, keys),
      cssGzipKb: cssKb(manifest, keys),
      chunks: [...keys].map((key) => ({
        key,
        file: manifest[key]?.file,
        gzipKb: gzipKb(manifest[key]?.file ?? ''),
      })),
    };
  };
  const dashboardKeys = new Set<string>();
  for (const key of Object.keys(manifest).filter((k) => k.startsWith('app/routes/dashboard/')))
    staticClosure(manifest, key, dashboardKeys);
  for (const key of entry) dashboardKeys.delete(key);
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'));
  return {
    entryJsGzipKb: sumKb(manifest, entry),
    pages: { '/': page('home'), '/verify': page('verify'), '/info/:id': page('info') },
    dashboard: {
      jsGzipKb: sumKb(manifest, dashboardKeys),
      chunks: [...dashboardKeys]
        .map((key) => ({ key, file: manifest[key]?.file, gzipKb: gzipKb(manifest[key]?.file ?? '') }))
        .sort((a, b) => b.gzipKb - a.gzipKb),
    },
    allJsGzipKb: Math.round(allJs.reduce((total, file) => total + gzipKb(file), 0) * 10) / 10,
  };
}

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
 * Lighthouse's own CPU slowdown for a mobile run, which the budget is set in (the landing-page budget, decision
 * 0011). Its simulation multiplies every task it records, the browser's and Lighthouse's own
 * included, so scaling it to a faster host made an empty page miss the budget (0011).
 */
const LIGHTHOUSE_CPU_SLOWDOWN = 4;

/**
 * The phone "responds" is measured on, with the CPU really throttled: Lighthouse's 4x on the 2-core
 * AMD EPYC host of the earlier runs (benchmark index 1,396), scaled to each host's own index.
 */
const PHONE_BENCHMARK_INDEX = 350;
const phoneSlowdownFor = (benchmarkIndex: number) =>
  Math.max(4, Math.round((benchmarkIndex / PHONE_BENCHMARK_INDEX) * 10) / 10);

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
 * Lighthouse's simulation multiplies by the slowdown and places after its estimated first paint,
 * as blocking time, though in the trace it ends before the page paints: a page of one line of text
 * scored 0.90-1.0 with the portal's headers, 1.0 without (decision 0010). Starting from an image
 * of the same origin keeps the process. Lantern still counts the navigation's first task, shorter
 * now, the same way: the empty-page floor measured beside the pages shows how much.
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
  /** The cgroup of a slower host to run Lighthouse and its Chromium in (slow-host.ts). */
  slowHostProcs?: string;
}

function runLighthouseOnce(
  { cli, outFile, slowHostProcs }: LighthouseSetup,
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
  const run = slowHostProcs
    ? inCgroup(slowHostProcs, process.execPath, args)
    : { command: process.execPath, args };
  execFileSync(run.command, run.args, {
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

export interface FrontEndPage extends LighthousePage {
  readyMs: number[];
  median: LighthouseMedian & { readyMs: number };
  worst: LighthousePage['worst'] & { readyMs: number };
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
  /** Fixed CPU slowdown for both measures, in place of LIGHTHOUSE_CPU_SLOWDOWN and phoneSlowdownFor. */
  cpuSlowdown?: number;
  /** A competing load of this weight beside Lighthouse's Chromium on each core (slow-host.ts). */
  hostLoad?: number;
  log: (line: string) => void;
}) {
  const { log } = options;
  log('Front end: npm run build (the client, then the server renderer of landing pages)');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: options.appDir, stdio: 'inherit' });
  const bundles = measureBundles(path.join(options.appDir, 'dist/client'));
  log(
    `  first-paint JS (gzip): / ${bundles.pages['/'].jsGzipKb} kB, /verify ${bundles.pages['/verify'].jsGzipKb} kB, ` +
      `/info/:id ${bundles.pages['/info/:id'].jsGzipKb} kB; dashboard chunks ${bundles.dashboard.jsGzipKb} kB`,
  );
  if (options.lighthouseRuns === 0) return { bundles };

  const lighthouseSetup: LighthouseSetup = {
    cli: lighthouseCli(options.workDir),
    outFile: path.join(options.workDir, 'lighthouse.json'),
  };
  // A fresh demo registry: its records have real images, as a visitor's /info page would.
  const dataDir = path.join(options.workDir, 'pages-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({
    appDir: options.appDir,
    port: options.port,
    env: { DATA_DIR: dataDir, SEED_DEMO: 'true', AUTH_SECRET: 'bench-secret-'.padEnd(48, 'x') },
    logFile: path.join(options.workDir, 'server-pages.log'),
  });
  let emptyPage: Awaited<ReturnType<typeof startEmptyPage>> | undefined;
  let slowHost: SlowHost | undefined;
  try {
    emptyPage = await startEmptyPage(server.url);
    const pair = DEMO_PAIRS[0];
    const verified = await fetch(`${server.url}/api/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ finNumber: pair?.finNumber, eCertNumber: pair?.eCertNumber }),
    });
    const { id } = (await verified.json()) as { id: string };
    const pages = { '/': '/', '/verify': '/verify', '/info/:id': `/info/${id}` };
    // Three runs that are not counted, to read this host's benchmark index (it moves by a fifth
    // from run to run, and more than twice between sessions on one kind of machine) before
    // choosing the phone.
    const benchmarkIndex = median(
      [1, 2, 3].map(
        () => runLighthouse(lighthouseSetup, `${server.url}/`, LIGHTHOUSE_CPU_SLOWDOWN).benchmarkIndex,
      ),
    );
    const cpuSlowdown = options.cpuSlowdown ?? LIGHTHOUSE_CPU_SLOWDOWN;
    const readyCpuSlowdown = options.cpuSlowdown ?? phoneSlowdownFor(benchmarkIndex);
    log(
      `  host benchmark index ${benchmarkIndex}: Lighthouse at ${cpuSlowdown}x` +
        `${options.hostLoad ? `, beside a competing load of ${options.hostLoad} on each core` : ''}, ` +
        `"responds" with the CPU throttled ${readyCpuSlowdown}x`,
    );
    const readyMs = await timeToReady(
      Object.fromEntries(Object.entries(pages).map(([name, pagePath]) => [name, `${server.url}${pagePath}`])),
      { runs: options.lighthouseRuns, cpuSlowdown: readyCpuSlowdown },
    );
    if (options.hostLoad) {
      // Started after the readings above, which are of the machine itself.
      slowHost = startSlowHost(options.hostLoad, server.pid);
      lighthouseSetup.slowHostProcs = slowHost.chromiumProcs;
    }
    const runOptions = { runs: options.lighthouseRuns, cpuSlowdown, log };
    const lighthouse: Record<string, FrontEndPage> = {};
    for (const [name, pagePath] of Object.entries(pages)) {
      const page = measureLighthouse(lighthouseSetup, name, `${server.url}${pagePath}`, runOptions);
      const ready = readyMs[name] ?? [];
      log(`  ${name} responds (html[data-ready]) after ${ready.join(', ')} ms`);
      lighthouse[name] = {
        ...page,
        readyMs: ready,
        median: { ...page.median, readyMs: median(ready) },
        worst: { ...page.worst, readyMs: Math.max(...ready) },
      };
    }
    // The floor of this host and round: much of a landing page's TBT on a slow host is not its own
    // (decision 0011). It has no scripts, so no "responds".
    const emptyPageFloor = measureLighthouse(
      lighthouseSetup,
      "an empty page with the portal's headers",
      emptyPage.url,
      runOptions,
    );
    return {
      bundles,
      cpuSlowdown,
      readyCpuSlowdown,
      hostLoad: options.hostLoad,
      benchmarkIndex: median(
        Object.values(lighthouse).flatMap((page) => page.runs.map((r) => r.benchmarkIndex)),
      ),
      lighthouse,
      emptyPageFloor,
    };
  } finally {
    slowHost?.stop();
    emptyPage?.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
