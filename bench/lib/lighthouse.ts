import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_FLAGS } from '../../chromium-flags.ts';

const LIGHTHOUSE_VERSION = '12.8.2';
const LIGHTHOUSE_CHROMIUM_FLAGS = ['--headless', ...CHROMIUM_FLAGS];

export interface LighthouseRun {
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

export interface LighthouseSetup {
  cli: string;
  outFile: string;
  configFile: string;
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

/**
 * Lighthouse's mobile preset, every run starting from `startUrl` (Lighthouse's `blankPage`): a
 * page of another site, so that the measured page opens in a renderer of its own, as it does for
 * a visitor who comes from a QR code scanner or another site.
 */
export function setUpLighthouse(workDir: string, startUrl: string): LighthouseSetup {
  const configFile = path.join(workDir, 'lighthouse-config.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify({ extends: 'lighthouse:default', settings: { blankPage: startUrl } }),
  );
  return { cli: lighthouseCli(workDir), outFile: path.join(workDir, 'lighthouse.json'), configFile };
}

/**
 * One Lighthouse run, tried again up to twice: now and then Chromium's trace lacks the navigation
 * start and Lighthouse gives up on the run ("NO_NAVSTART"), which says nothing about the page.
 * Asynchronous, because the start page and the empty page are served from this process.
 */
export async function runLighthouse(
  setup: LighthouseSetup,
  url: string,
  cpuSlowdown: number,
  log: (line: string) => void,
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(setup, url, cpuSlowdown);
    } catch (error) {
      if (attempt === 3) throw error;
      const said = ((error as { stderr?: string }).stderr ?? (error as Error).message).trim().split('\n');
      log(`  lighthouse failed on ${url} (${said.at(-1)}); trying again`);
    }
  }
}

async function runLighthouseOnce(
  { cli, outFile, configFile }: LighthouseSetup,
  url: string,
  cpuSlowdown: number,
): Promise<LighthouseRun> {
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
    `--chrome-flags=${LIGHTHOUSE_CHROMIUM_FLAGS.join(' ')}`,
  ];
  await promisify(execFile)(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
    maxBuffer: 64 * 1024 * 1024,
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
