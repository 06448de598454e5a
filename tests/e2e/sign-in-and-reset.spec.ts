import type { APIRequestContext, Page } from '@playwright/test';
import {
  allowFailedLoad,
  appOrigin,
  expect,
  expectNoAxeViolations,
  openPage,
  signInByApi,
  staffTest,
  test,
  uniqueTag,
} from './fixtures.ts';
import { adminAccount, type StaffAccount } from './staff-accounts.ts';

// A first dashboard page parses the staff chunk and checks the session; allow for a busy machine.
const LOADED = { timeout: 15_000 };
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const topBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A new staff account, made by the administrator whose session `admin` carries. */
async function newAccount(admin: APIRequestContext): Promise<StaffAccount & { id: string }> {
  const tag = uniqueTag().toLowerCase();
  const account = {
    email: `account-${tag}@example.com`,
    password: `account passphrase ${tag}`,
    name: `Account ${tag}`,
    role: 'staff' as const,
  };
  const response = await admin.post('/api/users', { headers: { origin: appOrigin() }, data: account });
  expect(response.status()).toBe(201);
  return { ...account, id: ((await response.json()) as { id: string }).id };
}

staffTest.describe('signing in, and being signed in on the public pages', () => {
  staffTest.use({ account: adminAccount, viewport: { width: 1366, height: 900 } });

  staffTest(
    'the login form leads to the dashboard; the top bar then shows who is signed in',
    async ({ page }) => {
      const account = await newAccount(page.request);
      // From here on a browser of the new account, not the administrator's.
      await page.context().clearCookies();
      await openPage(page, '/login', 'Login');
      await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
      await page.getByRole('textbox', { name: 'Password' }).press('Enter');
      await expect(page).toHaveURL('/dashboard', LOADED);
      await expect(h1(page)).toHaveText('Dashboard', LOADED);

      await page.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL('/');
      const dashboardLink = topBar(page).getByRole('link', {
        name: `Dashboard, signed in as ${account.name}`,
      });
      await expect(dashboardLink).toBeVisible(LOADED);
      await expect(topBar(page).getByText(`Signed in as ${account.name}`)).toBeVisible();
      // The page's HTML is the same for everyone: the name comes from the browser's own request.
      expect(await (await page.request.get('/')).text()).not.toContain(account.name);

      await dashboardLink.click();
      await expect(h1(page)).toHaveText('Dashboard', LOADED);
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL('/login', LOADED);
      await openPage(page, '/courses');
      await expect(topBar(page).getByRole('link', { name: /^Dashboard/ })).toHaveCount(0);
    },
  );
});

test.describe('the public top bar', () => {
  test('asks for no session in a browser that never signed in', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/')) asked.push(request.url());
    });
    await openPage(page, '/');
    await openPage(page, '/courses');
    expect(asked).toEqual([]);
    await expect(topBar(page).getByRole('link', { name: /^Dashboard/ })).toHaveCount(0);
  });
});

staffTest.describe('on a 390px phone, signed in', () => {
  staffTest.use({ viewport: { width: 390, height: 844 } });

  staffTest('the top bar keeps the Dashboard link and the menu button on screen', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(h1(page)).toHaveText('Dashboard', LOADED);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    const link = topBar(page).getByRole('link', { name: /^Dashboard, signed in as / });
    await expect(link).toBeInViewport({ ratio: 1, ...LOADED });
    await expect(topBar(page).getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page);
  });
});

test.describe('"Forgot password?"', () => {
  test('tells, by keyboard, to ask an administrator for a reset link', async ({ page }) => {
    await openPage(page, '/login', 'Login');
    const forgot = page.getByRole('button', { name: 'Forgot password?' });
    const answer = page.getByText(/^Ask an administrator of this portal for a password reset link/);
    await expect(answer).toBeHidden();
    await forgot.focus();
    await page.keyboard.press('Enter');
    await expect(forgot).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('within 24 hours');
    await expectNoAxeViolations(page);
  });
});

staffTest.describe('a password reset link', () => {
  staffTest.use({ account: adminAccount, viewport: { width: 1366, height: 900 } });
  // Two people's screens, two axe scans and two sign-ins: more than a minute on a busy machine.
  staffTest.describe.configure({ timeout: 90_000 });

  staffTest(
    'made in Users sets a new password once, and ends the old sessions',
    async ({ page, playwright, consoleGuard }) => {
      // The used link, opened again, is refused by the server: that answer is logged as failed.
      allowFailedLoad(consoleGuard, '/api/password-reset/check', 400);
      const account = await newAccount(page.request);
      const oldSession = await playwright.request.newContext({ baseURL: appOrigin() });
      try {
        await signInByApi(oldSession, account);

        await page.goto('/dashboard/users');
        await expect(h1(page)).toHaveText('Users', LOADED);
        const row = page.getByRole('row', { name: new RegExp(account.email) });
        await row.getByRole('button', { name: `Reset link ${account.email}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Password reset link' });
        await expect(dialog).toContainText(`Give this link to ${account.name}`);
        const url = new URL(await dialog.getByRole('textbox', { name: 'Reset link' }).inputValue());
        expect(url.href).toMatch(/\/reset-password\?token=[\w-]{43}$/);
        await expectNoAxeViolations(page);
        await dialog.getByRole('button', { name: 'Done' }).click();

        // The link's owner opens it in a browser that is not signed in.
        await page.context().clearCookies();
        await openPage(page, url.pathname + url.search, 'Reset password');
        await expect(page.getByText(`Choose a new password for ${account.email}.`)).toBeVisible();
        const password = page.getByRole('textbox', { name: 'New password' });
        await password.fill('short');
        await password.press('Enter');
        await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();
        await expectNoAxeViolations(page);
        await password.fill(`${account.password} renewed`);
        await password.press('Enter');
        await expect(page.getByRole('status')).toHaveText(/^Your password has been changed/);

        expect((await oldSession.get('/api/stats')).status()).toBe(401);
        await page.getByRole('link', { name: 'Go to the login page' }).click();
        await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
        await page.getByRole('textbox', { name: 'Password' }).fill(`${account.password} renewed`);
        await page.getByRole('button', { name: 'Login' }).click();
        await expect(h1(page)).toHaveText('Dashboard', LOADED);

        // Used once: the link now only says so.
        await openPage(page, url.pathname + url.search, 'Reset password');
        await expect(page.getByRole('alert')).toHaveText(
          'This password reset link is not valid any more. Ask an administrator for a new one.',
        );
      } finally {
        await oldSession.dispose();
      }
    },
  );
});
