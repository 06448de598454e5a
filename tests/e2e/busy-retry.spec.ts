import type { Page } from '@playwright/test';
import { DEMO_PAIRS } from '../../src/server/features/demo/demo-people.ts';
import { allowFailedLoad, expect, openPage, staffTest, test } from './fixtures.ts';
import { adminAccount } from './staff-accounts.ts';

// A 503 answered by the browser itself stands for the server's load shedding: what is under test
// is how the page takes it (the server's side is in src/server/plugins/load-shedding.test.ts).
test.describe.configure({ mode: 'parallel' });

const [pair] = DEMO_PAIRS;
// The proof of work and a first staff page take many seconds on a busy shared machine.
const LOADED = { timeout: 15_000 };
const SLOW = { timeout: 30_000 };

/** Answers the first `times` requests matching `url` as the busy server does, then lets them through. */
async function busyAtFirst(page: Page, url: Parameters<Page['route']>[0], times = 1) {
  let refused = 0;
  await page.route(url, async (route) => {
    if (refused >= times) return route.continue();
    refused += 1;
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '1', 'content-type': 'application/json' },
      body: JSON.stringify({
        statusCode: 503,
        code: 'UNAVAILABLE',
        message: 'The service is busy right now. Please try again in a moment.',
      }),
    });
  });
  return () => refused;
}

const busyNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'The service is busy' });

test('verify: a busy answer shows "trying again", then the match, with no error', async ({
  page,
  consoleGuard,
}) => {
  allowFailedLoad(consoleGuard, '/api/verify', 503);
  const refused = await busyAtFirst(page, '**/api/verify', 2);
  await openPage(page, '/verify', 'Check e-Cert Validity');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'NRIC/FIN/Other identification no.' }).fill(pair.finNumber);
  await main.getByRole('textbox', { name: 'e-Cert serial no.' }).fill(pair.eCertNumber);
  await main.getByRole('button', { name: 'Verify e-Cert', exact: true }).click();

  await expect(busyNotice(page)).toContainText('Trying again', SLOW);
  await expect(page.getByRole('dialog', { name: 'Human verification' })).toBeVisible(LOADED);
  await expect(busyNotice(page)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Oops...' })).toHaveCount(0);
  expect(refused()).toBe(2);
});

test('sign-in: a busy answer shows "trying again", then the dashboard', async ({ page, consoleGuard }) => {
  allowFailedLoad(consoleGuard, '/api/auth/sign-in/email', 503);
  await busyAtFirst(page, '**/api/auth/sign-in/email');
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Email' }).fill(adminAccount.email);
  await main.getByRole('textbox', { name: 'Password' }).fill(adminAccount.password);
  await main.getByRole('button', { name: 'Login' }).click();

  await expect(busyNotice(page)).toBeVisible(LOADED);
  await expect(page.getByText(`Signed in as ${adminAccount.email}`)).toBeVisible(LOADED);
  await expect(busyNotice(page)).toHaveCount(0);
  await expect(main.getByRole('alert')).toHaveCount(0);
});

staffTest('staff list: a busy answer shows "trying again", then the list', async ({ page, consoleGuard }) => {
  consoleGuard.allow(
    /^console\.error: Failed to load resource: the server responded with a status of 503 .*\/api\/people\?/,
  );
  await busyAtFirst(page, (url) => url.pathname === '/api/people');
  await page.goto('/dashboard/peoples');

  await expect(busyNotice(page)).toBeVisible(SLOW);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Total People: [\d,]+$/, LOADED);
  await expect(busyNotice(page)).toHaveCount(0);
});
