import type { Page } from '@playwright/test';
import {
  allowFailedLoad,
  createPersonByApi,
  createRenewalByApi,
  expect,
  expectNoAxeViolations,
  newRecord,
  signInByApi,
  staffTest,
  test,
  uniqueTag,
  waitForAnimations,
} from './fixtures.ts';
import { adminAccount, signInTestAccount } from './staff-accounts.ts';

test.describe.configure({ mode: 'parallel' });

// A first dashboard page parses the staff chunk and checks the session; allow for a busy machine.
const LOADED = { timeout: 15_000 };
/** An unfiltered list's heading: the count, grouped by thousands ("Total People: 1,204"). */
const anyTotal = /^Total People: \d{1,3}(,\d{3})*$/;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'User Panel' });
/** The sidebar's first entries, in order; staff pages beyond it follow. */
const userPanelLinks = [
  ['Dashboard', '/dashboard'],
  ['Add people', '/dashboard/add-people'],
  ['Renew Form', '/dashboard/renew-form'],
  ['Peoples', '/dashboard/peoples'],
  ['Renew Peoples', '/dashboard/renew-peoples'],
  ['All Images', '/dashboard/images'],
  ['Home', '/'],
] as const;

test.describe('staff sign-in', () => {
  test('signed out, a dashboard page goes to /login and, after signing in, comes back to it', async ({
    page,
  }) => {
    // The real session check, answered a second late: a progress bar shows meanwhile.
    await page.route('**/api/auth/get-session', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto('/dashboard/peoples');
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    await expect(page).toHaveURL('/login?redirectTo=%2Fdashboard%2Fpeoples', LOADED);
    await page.unrouteAll();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(h1(page)).toHaveText('Login');
    await expect(sidebar(page)).toHaveCount(0);

    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Email' }).fill(signInTestAccount.email);
    await main.getByRole('textbox', { name: 'Password' }).fill(signInTestAccount.password);
    await main.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL('/dashboard/peoples', LOADED);
    await expect(h1(page)).toHaveText(anyTotal, LOADED);
    await expect(page.getByText(`Signed in as ${signInTestAccount.email}`)).toBeVisible();
  });

  test("the form checks its fields, then shows the server's message for a wrong password", async ({
    page,
    consoleGuard,
  }) => {
    allowFailedLoad(consoleGuard, '/api/auth/sign-in/email', 401);
    await page.goto('/login');
    const main = page.getByRole('main');
    const email = main.getByRole('textbox', { name: 'Email' });
    const password = main.getByRole('textbox', { name: 'Password' });
    const login = main.getByRole('button', { name: 'Login' });

    // Both required, and the email must look like one; nothing is sent until they are.
    await login.click();
    await expect(main.getByText('Email is required')).toBeVisible();
    await expect(main.getByText('Password is required')).toBeVisible();
    await email.fill('not-an-email');
    await password.fill('anything');
    await login.click();
    await expect(main.getByText('Please enter a valid email')).toBeVisible();

    // The real request, held back a moment so the working state can be seen.
    await page.route('**/api/auth/sign-in/email', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const signIn = page.waitForResponse('**/api/auth/sign-in/email');
    await email.fill(signInTestAccount.email);
    await password.fill(`${signInTestAccount.password}x`);
    await login.click();
    await expect(main.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    const response = await signIn;
    expect(response.status()).toBe(401);
    const { message } = (await response.json()) as { message: string };
    expect(message).toBe('Invalid email or password');
    await expect(main.getByRole('alert')).toHaveText(message);
    await expect(page).toHaveURL('/login');
    await expect(login).toHaveText('Login');
    await expect(login).toBeEnabled();
  });

  test('Logout ends the session: a dashboard URL goes to /login again', async ({ page }) => {
    // Its own session: signing out must not end the one the other tests share.
    await signInByApi(page.request, signInTestAccount);
    await page.goto('/dashboard');
    await expect(h1(page)).toHaveText('Dashboard', LOADED);

    await sidebar(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login', LOADED);
    await expect(h1(page)).toHaveText('Login');
    const session = await page.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();

    await page.goto('/dashboard/images');
    await expect(page).toHaveURL('/login?redirectTo=%2Fdashboard%2Fimages', LOADED);
    await expect(sidebar(page)).toHaveCount(0);
  });
});

test('the show/hide password toggle is reached with Tab and works from the keyboard', async ({ page }) => {
  await page.goto('/login');
  const main = page.getByRole('main');
  const password = main.getByRole('textbox', { name: 'Password' });
  await password.fill('a secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.keyboard.press('Tab');
  const toggle = main.getByRole('button', { name: 'Show password' });
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Tab');
  await expect(main.getByRole('button', { name: 'Login' })).toBeFocused();
});

staffTest.describe('the "User Panel" sidebar', () => {
  staffTest('lists the dashboard pages in order, then Logout', async ({ page }) => {
    await page.goto('/dashboard/renew-peoples');
    const nav = sidebar(page);
    await expect(nav.getByRole('heading', { name: 'User Panel' })).toBeVisible(LOADED);
    const links = nav.getByRole('link');
    // Staff see the seven record entries, then the imports, Audit, Messages, the verifier
    // accounts they approve and their own Account (Users, API keys, Pages and Trash are for
    // administrators).
    await expect(links).toHaveText([
      ...userPanelLinks.map(([label]) => label),
      'Import',
      'Renew Import',
      'Audit',
      'Messages',
      'Verifiers',
      'Account',
    ]);
    for (const [index, [, href]] of userPanelLinks.entries())
      await expect(links.nth(index)).toHaveAttribute('href', href);
    await expect(nav.getByRole('link', { name: 'Renew Peoples' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();

    await nav.getByRole('link', { name: 'All Images' }).click();
    await expect(page).toHaveURL('/dashboard/images', LOADED);
    await expect(h1(page)).toHaveText('All Images');
    await expect(nav.getByRole('link', { name: 'All Images' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/', LOADED);
  });

  staffTest('the index counts people by status, revoked apart from valid and expired', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(h1(page)).toHaveText('Dashboard', LOADED);
    const counts = page.getByRole('main').locator('dl');
    await expect(counts.locator('dt')).toHaveText([
      'People',
      'Valid',
      'Expiring within 90 days',
      'Expired',
      'Not passed',
      'Revoked',
      'Renewals',
    ]);
    await expect(counts.locator('dd')).toHaveText(Array(7).fill(/^\d[\d,]*$/));
  });

  for (const width of [1280, 390]) {
    staffTest(
      `the chart names each of the twelve months under its bar, none overlapping, at ${width}px`,
      async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/dashboard');
        await expect(h1(page)).toHaveText('Dashboard', LOADED);
        // The screen readers' table of the same numbers says which months the bars are.
        const table = page.getByRole('table', { name: 'Certificates by passed month' });
        const months = await table.locator('tbody tr td:first-child').allTextContents();
        expect(months).toHaveLength(12);
        const ticks = page.locator('.recharts-xAxis-tick-labels text');
        await expect(ticks).toHaveCount(12);
        const shown = await ticks.evaluateAll((texts) =>
          texts.map((text) => ({
            lines: [...text.querySelectorAll('tspan')].map((line) => line.textContent ?? ''),
            box: text.getBoundingClientRect().toJSON() as DOMRect,
          })),
        );
        for (const [index, { lines }] of shown.entries()) {
          const [month = '', year = ''] = (months[index] ?? '').split(' ');
          const [monthLine = '', yearLine] = lines;
          expect(monthLine.length, months[index]).toBeGreaterThan(0);
          expect(month.startsWith(monthLine), months[index]).toBe(true);
          // The year beneath the first month and each January: whole, or its last two digits.
          if (index === 0 || month === 'Jan') expect([year, `’${year.slice(2)}`]).toContain(yearLine);
          else expect(yearLine).toBeUndefined();
        }
        for (const [index, { box }] of shown.slice(1).entries())
          expect(box.left, `${months[index]} and the next`).toBeGreaterThanOrEqual(
            shown[index]?.box.right ?? 0,
          );
      },
    );
  }

  staffTest.describe('on a 390px phone', () => {
    staffTest.use({ viewport: { width: 390, height: 844 } });

    staffTest('folds behind a toggle that opens it and closes after a choice', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(h1(page)).toHaveText('Dashboard', LOADED);
      const toggle = page.getByRole('button', { name: 'Toggle navigation' });
      const nav = page.locator('#dashboard-navbar');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(nav).not.toBeInViewport();
      // Closed, its links are out of the tab order and hidden from screen readers.
      await expect(nav).toHaveAttribute('inert', '');

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(nav).not.toHaveAttribute('inert');
      await waitForAnimations(page);
      await expect(sidebar(page)).toBeInViewport();
      // The record entries, then Import, Renew Import, Audit, Messages, Verifiers and Account.
      await expect(sidebar(page).getByRole('link')).toHaveCount(userPanelLinks.length + 6);
      await expect(sidebar(page).getByRole('button', { name: 'Logout' })).toBeVisible();
      await expectNoAxeViolations(page);

      await sidebar(page).getByRole('link', { name: 'Peoples', exact: true }).click();
      await expect(page).toHaveURL('/dashboard/peoples', LOADED);
      await expect(h1(page)).toHaveText(anyTotal, LOADED);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await waitForAnimations(page);
      await expect(nav).not.toBeInViewport();
      await expect(nav).toHaveAttribute('inert', '');
    });

    staffTest('Escape closes the open sidebar and returns focus to its toggle', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(h1(page)).toHaveText('Dashboard', LOADED);
      const toggle = page.getByRole('button', { name: 'Toggle navigation' });
      const nav = page.locator('#dashboard-navbar');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await waitForAnimations(page);
      await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).focus();

      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      await waitForAnimations(page);
      await expect(nav).not.toBeInViewport();
      await expect(nav).toHaveAttribute('inert', '');
    });
  });
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  staffTest.describe(
    `accessibility of the dashboard at ${viewport.width}px (axe: WCAG 2.1 A/AA and best practices)`,
    () => {
      staffTest.use({ viewport });

      /** Opens the first page, then reaches each next one through the sidebar, and scans each. */
      async function scanThroughSidebar(
        page: Page,
        pages: [link: string, path: string, heading: string | RegExp, loadedText?: string][],
      ) {
        for (const [index, [link, path, heading, loadedText]] of pages.entries()) {
          if (index === 0) await page.goto(path);
          else {
            // On phones the sidebar folds behind its toggle.
            const toggle = page.getByRole('button', { name: 'Toggle navigation' });
            if (await toggle.isVisible()) {
              await toggle.click();
              await waitForAnimations(page);
            }
            await sidebar(page).getByRole('link', { name: link, exact: true }).click();
          }
          await expect(page).toHaveURL(path, LOADED);
          await expect(h1(page)).toHaveText(heading, LOADED);
          if (loadedText)
            await expect(page.getByText(loadedText, { exact: true }).first()).toBeVisible(LOADED);
          await expectNoAxeViolations(page);
        }
      }

      staffTest('the lists have no violations: Peoples, Renew Peoples, All Images', async ({ page }) => {
        await scanThroughSidebar(page, [
          ['Peoples', '/dashboard/peoples', anyTotal],
          ['Renew Peoples', '/dashboard/renew-peoples', anyTotal],
          ['All Images', '/dashboard/images', 'All Images'],
        ]);
      });

      staffTest('the edit forms have no violations: updatepeople/:id, renew-update/:id', async ({ page }) => {
        const [person, renewal] = await Promise.all([
          createPersonByApi(page.request, newRecord(uniqueTag())),
          createRenewalByApi(page.request, newRecord(uniqueTag())),
        ]);
        await page.goto(`/dashboard/updatepeople/${person.id}`);
        await expect(h1(page)).toHaveText('Update Person', LOADED);
        await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(person.name);
        await expectNoAxeViolations(page);

        await page.goto(`/dashboard/renew-update/${renewal.id}`);
        await expect(h1(page)).toHaveText('Update Renewal', LOADED);
        await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(renewal.name);
        await expectNoAxeViolations(page);
      });

      staffTest.describe('as an administrator', () => {
        staffTest.use({ account: adminAccount });

        staffTest(
          'the other pages have no violations: index, forms, Users, Audit, Messages, Trash',
          async ({ page }) => {
            await scanThroughSidebar(page, [
              ['Dashboard', '/dashboard', 'Dashboard'],
              ['Add people', '/dashboard/add-people', 'Admin Panel'],
              ['Renew Form', '/dashboard/renew-form', 'Renew Panel'],
              // Scanned with its table shown: each account's status badge.
              ['Users', '/dashboard/users', 'Users', 'Active'],
              ['Audit', '/dashboard/audit', 'Audit trail'],
              ['Messages', '/dashboard/messages', 'Messages'],
              ['Trash', '/dashboard/trash', 'Trash'],
            ]);
          },
        );
      });
    },
  );
}
