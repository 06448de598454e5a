// Shared helpers for the browser tests: a console-error guard on every test, an axe check, content files.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { PersonView, RecordFields, RenewalView } from '../../src/shared/api/people.ts';
import { type StaffAccount, staffAccount } from './staff-accounts.ts';

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
  footerLogos: { src: string; alt: string }[];
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
  // An open dialog is also waited for until drawn opaque: Mantine starts its fade-in a moment after
  // the dialog is in the page, and in between no animation runs.
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => animation.playState !== 'running') &&
      [...document.querySelectorAll('[role="dialog"]')].every((dialog) => {
        for (let at: Element | null = dialog; at; at = at.parentElement) {
          if (getComputedStyle(at).opacity !== '1') return false;
        }
        return true;
      }),
  );
}

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Expects every Mantine class on the page (`m_` and 8 hex digits) to be used by a rule of a loaded
 * style sheet. The client loads Mantine's styles per component (src/client/app/mantine-public.css),
 * so a component a page starts to use without adding its styles there would render unstyled.
 */
async function expectMantineStyles(page: Page): Promise<void> {
  const unstyled = await page.evaluate(() => {
    const selectors: string[] = [];
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const styled = new Set(selectors.join(' ').match(/m_[0-9a-f]{8}/g));
    const used = new Set(
      [...document.querySelectorAll('[class]')].flatMap((element) =>
        [...element.classList].filter((name) => /^m_[0-9a-f]{8}$/.test(name)),
      ),
    );
    return [...used].filter((name) => !styled.has(name)).sort();
  });
  expect(unstyled, `Mantine classes without styles on ${page.url()}`).toEqual([]);
}

/**
 * Runs a full axe scan of the current page (no rule disabled, nothing excluded) and expects no
 * violations. Every state scanned (public pages, dialogs, staff pages) is also checked for its
 * Mantine styles: axe's contrast checks mean little on unstyled components.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await waitForAnimations(page);
  await expectMantineStyles(page);
  const { violations, incomplete } = await new AxeBuilder({ page })
    // In the page itself: the default opens a blank page for every scan to merge the results of
    // frames, which our pages do not have, and that took half a scan's time.
    .setLegacyMode(true)
    .withTags(axeTags)
    // Every node of these two; passes and rules that do not apply keep one node each.
    .options({ resultTypes: ['violations', 'incomplete'] })
    .analyze();
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(
    violations.map((violation) => violation.id),
    `axe violations on ${page.url()}:\n${report.join('\n')}`,
  ).toEqual([]);
  expect(invisibleTexts(incomplete), `text in its background's colour on ${page.url()}`).toEqual([]);
}

/**
 * Text drawn in exactly its background's colour. Axe leaves it for a person to review rather than
 * call it a violation (it may be hidden on purpose), but on our pages it is always a badge or
 * label nobody can read.
 */
function invisibleTexts(incomplete: Awaited<ReturnType<AxeBuilder['analyze']>>['incomplete']): string[] {
  return incomplete
    .filter((result) => result.id === 'color-contrast')
    .flatMap((result) => result.nodes)
    .filter((node) => node.any.some((check) => check.data?.messageKey === 'equalRatio'))
    .map((node) => node.target.join(' '));
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
 * The unknown path is answered with a real 404, which Chromium always logs as a failed
 * resource load for the document itself. Only that exact message is accepted, only for that URL.
 */
export function allowDocument404(guard: ConsoleGuard, pagePath: string): void {
  allowFailedLoad(guard, pagePath, 404);
}

/** Every public route and the h1 it must show (texts from content/*.json or fixed by the portal). */
export const publicPages: { path: string; heading: string; status: 200 | 404 }[] = [
  { path: '/', heading: readContent<{ heroTitle: string }>('home').heroTitle, status: 200 },
  { path: '/about', heading: readContent<TitledContent>('about').title, status: 200 },
  { path: '/login', heading: 'Login', status: 200 },
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
  { path: '/verify-credential', heading: 'Check a Credential File', status: 200 },
  { path: '/no-such-page', heading: 'Page not found', status: 404 },
];

/**
 * How long a page may take to show its h1. Not a speed check (bench/ measures speed): beside
 * lone-visitor.spec.ts, which loads both cores, a page's data can take longer than Playwright's 5 s.
 */
const PAGE_SHOWN_TIMEOUT_MS = 15_000;

/** Holds back every request matching `url` until the returned function is called, as a slow connection would. */
export async function holdBack(page: Page, url: Parameters<Page['route']>[0]): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens a page and waits for its h1, i.e. until the route's data has loaded and rendered. */
export async function openPage(page: Page, pagePath: string, heading?: string) {
  const response = await page.goto(pagePath);
  const h1 = page.getByRole('heading', { level: 1 });
  if (heading === undefined) await expect(h1).toBeVisible({ timeout: PAGE_SHOWN_TIMEOUT_MS });
  else await expect(h1).toHaveText(heading, { timeout: PAGE_SHOWN_TIMEOUT_MS });
  // A page the server rendered shows before its scripts have taken it over.
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  return response;
}

/**
 * The buttons whose words do not all fit, as a long label in some languages did on a phone: cut
 * at the side, or wrapped to a line the button's height hides.
 */
export const cutButtonLabels = (scope: Page | Locator) =>
  scope
    .locator('.mantine-Button-label')
    .evaluateAll((labels) =>
      labels
        .filter(
          (label) => label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1,
        )
        .map((label) => label.textContent),
    );

/** Presses Tab until `target` has focus: it can be reached by keyboard, in page order. */
export async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  for (let press = 0; press < maxPresses; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
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

// ---------------------------------------------------------------------------------------------
// Staff dashboard: signed-in pages, and records each test makes for itself.

/** The origin the tests open; state-changing API calls must carry it (the server's CSRF check). */
export const appOrigin = (baseURL = test.info().project.use.baseURL) => new URL(baseURL ?? '').origin;

/** Signs in through Better Auth's real endpoint; the session cookie lands in `request`'s jar. */
export async function signInByApi(request: APIRequestContext, account: StaffAccount, origin = appOrigin()) {
  const response = await request.post('/api/auth/sign-in/email', {
    headers: { origin },
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), `signing in as ${account.email}`).toBe(200);
}

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/**
 * `test` for staff pages: every page starts signed in as `account` (staff unless a describe block
 * says `test.use({ account: adminAccount })`). The server allows only 5 sign-ins per account in 15
 * minutes and 10 per IP in a minute, and Playwright starts a new worker after every failed test: so
 * the first worker to need an account signs in and leaves its session in the run's output folder,
 * and later workers reuse it while the server still knows it. A test that signs out must sign in
 * for itself (plain `test`), or it would end the session the other tests share.
 */
export const staffTest = test.extend<
  { account: StaffAccount },
  { staffSessions: (account: StaffAccount) => Promise<StorageState> }
>({
  account: [staffAccount, { option: true }],
  staffSessions: [
    async ({ playwright }, use, workerInfo) => {
      const { baseURL } = workerInfo.project.use;
      const sessions = new Map<string, Promise<StorageState>>();
      const sessionFile = (account: StaffAccount) =>
        path.join(workerInfo.project.outputDir, '.sessions', `${account.email}.json`);
      const signIn = async (account: StaffAccount) => {
        const request = await playwright.request.newContext({ baseURL });
        try {
          await signInByApi(request, account, appOrigin(baseURL));
          const state = await request.storageState();
          fs.mkdirSync(path.dirname(sessionFile(account)), { recursive: true });
          fs.writeFileSync(sessionFile(account), JSON.stringify(state));
          return state;
        } finally {
          await request.dispose();
        }
      };
      const reuseOrSignIn = async (account: StaffAccount) => {
        const saved = readSavedSession(sessionFile(account));
        if (saved && (await sessionIsLive(playwright, baseURL, saved))) return saved;
        return signIn(account);
      };
      await use((account) => {
        let session = sessions.get(account.email);
        if (!session) {
          session = reuseOrSignIn(account);
          sessions.set(account.email, session);
        }
        return session;
      });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ account, staffSessions }, use) => {
    await use(await staffSessions(account));
  },
});

function readSavedSession(file: string): StorageState | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as StorageState;
  } catch {
    return undefined;
  }
}

/** Whether the server still holds the session (a test may have signed it out, a server restarted). */
async function sessionIsLive(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  state: StorageState,
): Promise<boolean> {
  const request = await playwright.request.newContext({ baseURL, storageState: state });
  try {
    const response = await request.get('/api/auth/get-session');
    return response.ok() && (await response.json()) !== null;
  } finally {
    await request.dispose();
  }
}

/** A short token no other test (or earlier run) uses, for unique names, FIN and serial numbers. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date `days` ago as the form wants it (YYYY-MM-DD) and as cards show it ("5 Mar 2026"). */
export function daysAgo(days: number): { iso: string; shown: string } {
  const date = new Date(Date.now() - days * 86_400_000);
  return {
    iso: date.toISOString().slice(0, 10),
    shown: `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`,
  };
}

/** The eleven fields of a new record; the tag makes name, passport, FIN and serial unique. */
export function newRecord(tag: string, overrides: Partial<RecordFields> = {}): RecordFields {
  return {
    name: `Test Person ${tag}`,
    dob: '1990-04-12',
    gender: 'Female',
    nationality: 'Testland',
    passportNumber: `P${tag}`,
    finNumber: `F${tag}`,
    eCertNumber: `E2E-${tag}`,
    tradeTested: 'Tiling',
    testLevel: 'Level 1',
    testResult: 'Passed',
    passedDate: daysAgo(30).iso,
    ...overrides,
  };
}

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A small image of random noise made here (new pixels each call), in one of the accepted formats.
 * Workers share one server and its content-addressed files: two solid colours a step apart could
 * encode alike, and a signature sharing a passport scan's key would be served to staff only.
 */
export async function testImage(name: string, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<TestFile> {
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 40 };
  const buffer = await sharp({
    create: { width: 240, height: 160, channels: 3, background: '#808080', noise },
  })
    .toFormat(format)
    .toBuffer();
  return { name: `${name}.${format === 'jpeg' ? 'jpg' : format}`, mimeType: `image/${format}`, buffer };
}

/** A real one-page PDF made here. */
async function testPdf(name = 'certificate'): Promise<TestFile> {
  const document = await PDFDocument.create();
  document.setTitle(`${name} ${uniqueTag()}`);
  document.addPage([200, 200]);
  return { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(await document.save()) };
}

/** The three required images and a PDF, as the "Admin Panel" form sends them. */
export async function personFiles() {
  const [passportImage, certificateImage, signatureImage, pdf] = await Promise.all([
    testImage('passport', 'jpeg'),
    testImage('certificate', 'png'),
    testImage('signature', 'webp'),
    testPdf(),
  ]);
  return { passportImage, certificateImage, signatureImage, pdf };
}

/** Adds a person with their files through the staff API (for tests about other screens). */
export async function createPersonByApi(
  request: APIRequestContext,
  fields: RecordFields,
  { withPdf = true } = {},
): Promise<PersonView> {
  const { pdf, ...images } = await personFiles();
  const response = await request.post('/api/people', {
    headers: { origin: appOrigin() },
    multipart: { ...fields, ...images, ...(withPdf ? { pdf } : {}) },
  });
  expect(response.status(), `adding ${fields.name}: ${await response.text()}`).toBe(201);
  return (await response.json()) as PersonView;
}

/** Adds a renewal record through the staff API. */
export async function createRenewalByApi(
  request: APIRequestContext,
  fields: RecordFields,
): Promise<RenewalView> {
  const response = await request.post('/api/renewals', { headers: { origin: appOrigin() }, data: fields });
  expect(response.status(), `adding renewal ${fields.name}: ${await response.text()}`).toBe(201);
  return (await response.json()) as RenewalView;
}

/** Resolves when there are `count` `images` and each has loaded and decoded to real pixels. */
export async function expectImagesLoaded(images: Locator, count: number): Promise<void> {
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
}
