// Shared helpers for the browser tests: a console-error guard on every test, an axe check, content files.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export { expect };

const contentDir = path.resolve(import.meta.dirname, '../../content');

/** Reads one of the editable content files (content/*.json), so tests follow the configured texts. */
export function readContent<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(contentDir, `${name}.json`), 'utf8')) as T;
}

export interface Site {
  portalName: string;
  issuerName: string;
  tagline: string;
  popularSearches: string[];
  certificateTitle: string;
  certificateShortTitle: string;
}
export const site = readContent<Site>('site');

export interface ConsoleGuard {
  /** Messages already seen: console errors (CSP violations included) and uncaught page errors. */
  errors: string[];
  /** Lets one test accept a console error it deliberately causes (matched by pattern). */
  allow(pattern: RegExp): void;
}

/**
 * Every test fails when the page logs a console error or throws an uncaught error. Chromium reports
 * Content-Security-Policy violations as console errors, so they fail the test too.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use({ errors, allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, `console errors on ${page.url()}:\n${unexpected.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

/** Waits until no CSS transition or animation is running (drawers, popovers and modals fade in). */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Runs a full axe scan of the current page (no rule disabled, nothing excluded) and expects no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await waitForAnimations(page);
  const { violations } = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(
    violations.map((violation) => violation.id),
    `axe violations on ${page.url()}:\n${report.join('\n')}`,
  ).toEqual([]);
}

interface TitledContent {
  title: string;
}

const statusTexts: Record<number, string> = {
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/**
 * Chromium logs every failed resource load (a 4xx/5xx answer or an aborted request) as a console
 * error, even when the page handles it. A test that causes such a failure on purpose accepts only
 * that exact message, only for that URL path.
 */
export function allowFailedLoad(guard: ConsoleGuard, urlPath: string, failure: number | 'aborted'): void {
  const escaped = urlPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const reason =
    failure === 'aborted'
      ? 'net::ERR_FAILED'
      : `the server responded with a status of ${failure} \\(${statusTexts[failure] ?? '[^)]*'}\\)`;
  guard.allow(
    new RegExp(`^console\\.error: Failed to load resource: ${reason} \\(http://[^/]+${escaped}:\\d+\\)$`),
  );
}

/**
 * The unknown path is answered with a real 404 (SPEC §3), which Chromium always logs as a failed
 * resource load for the document itself. Only that exact message is accepted, only for that URL.
 */
export function allowDocument404(guard: ConsoleGuard, pagePath: string): void {
  allowFailedLoad(guard, pagePath, 404);
}

/** Every public route and the h1 it must show (texts from content/*.json or fixed by SPEC). */
export const publicPages: { path: string; heading: string; status: 200 | 404 }[] = [
  { path: '/', heading: readContent<{ heroTitle: string }>('home').heroTitle, status: 200 },
  { path: '/about', heading: readContent<TitledContent>('about').title, status: 200 },
  { path: '/e-services', heading: readContent<TitledContent>('e-services').title, status: 200 },
  { path: '/courses', heading: readContent<TitledContent>('courses').title, status: 200 },
  { path: '/careers', heading: readContent<TitledContent>('careers').title, status: 200 },
  { path: '/resources', heading: readContent<TitledContent>('resources').title, status: 200 },
  { path: '/faq', heading: readContent<TitledContent>('faq').title, status: 200 },
  { path: '/privacy', heading: readContent<TitledContent>('privacy').title, status: 200 },
  { path: '/terms', heading: readContent<TitledContent>('terms').title, status: 200 },
  { path: '/security', heading: readContent<TitledContent>('security').title, status: 200 },
  {
    path: '/supported-browsers',
    heading: readContent<TitledContent>('supported-browsers').title,
    status: 200,
  },
  { path: '/contact', heading: readContent<TitledContent>('contact').title, status: 200 },
  { path: '/search?q=safety', heading: 'Search', status: 200 },
  { path: '/verify', heading: 'Check e-Cert Validity', status: 200 },
  { path: '/no-such-page', heading: 'Page not found', status: 404 },
];

/** Opens a page and waits for its h1, i.e. until the route's data has loaded and rendered. */
export async function openPage(page: Page, pagePath: string, heading?: string) {
  const response = await page.goto(pagePath);
  const h1 = page.getByRole('heading', { level: 1 });
  if (heading === undefined) await expect(h1).toBeVisible();
  else await expect(h1).toHaveText(heading);
  return response;
}

/**
 * Verifies a pair the way the browser does, against the real server with its real proof of work:
 * fetch a challenge, solve it (Node's native PBKDF2, well under a second on average), POST it.
 * Resolves to the record id, for tests that start on a record page.
 */
export async function verifyByApi(
  request: APIRequestContext,
  pair: { finNumber: string; eCertNumber: string },
): Promise<string> {
  const challengeResponse = await request.get('/api/verify/challenge');
  expect(challengeResponse.status()).toBe(200);
  const challenge = (await challengeResponse.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution, 'the proof of work was solved').toBeTruthy();
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const response = await request.post('/api/verify', { data: { ...pair, altcha } });
  expect(response.status(), `verifying ${pair.finNumber} / ${pair.eCertNumber}`).toBe(200);
  const { id } = (await response.json()) as { id: string };
  return id;
}
