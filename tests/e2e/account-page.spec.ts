import { totpCode } from '../../src/server/test/totp.ts';
import {
  appOrigin,
  expect,
  expectNoAxeViolations,
  openPage,
  signInByApi,
  staffTest,
  test,
  uniqueTag,
} from './fixtures.ts';
import { adminAccount } from './staff-accounts.ts';

staffTest.use({ account: adminAccount });

for (const width of [1366, 390]) {
  staffTest(
    `at ${width}px the Account page sets up two-factor with a QR code or its key, and changes the password`,
    async ({ page, browser }) => {
      // An account of its own, so turning two-factor on changes none the other tests share.
      const tag = uniqueTag().toLowerCase();
      const account = {
        email: `two-factor-${tag}@example.com`,
        password: `two factor passphrase ${tag}`,
        name: `Two Factor ${tag}`,
        role: 'staff' as const,
      };
      const made = await page.request.post('/api/users', { headers: { origin: appOrigin() }, data: account });
      expect(made.status()).toBe(201);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appOrigin() });
      const own = await context.newPage();
      const scripts: string[] = [];
      own.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await signInByApi(own.request, account);
      await openPage(own, '/dashboard/account', 'Account');

      await own.getByLabel('Your password').fill(account.password);
      const enabled = own.waitForResponse('**/api/auth/two-factor/enable');
      await own.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      // The QR code holds the URI of this answer; an authenticator app would read it from the image.
      const { totpURI } = (await (await enabled).json()) as { totpURI: string };
      const secret = new URL(totpURI).searchParams.get('secret') ?? '';
      await expect(own.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      // Or typed from its key, shown in groups of four and copied whole.
      const key = own.getByLabel('Setup key');
      await expect(key).toHaveText(secret.match(/.{1,4}/g)?.join(' ') ?? 'none');
      await own.getByRole('button', { name: 'Copy key' }).click();
      await expect(own.getByRole('button', { name: 'Copied' })).toBeVisible();
      const copied = await own.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(secret);
      await expectNoAxeViolations(own);
      await own.getByLabel('Code from the app').fill(totpCode(`otpauth://totp/typed?secret=${copied}`));
      await own.getByRole('button', { name: 'Confirm' }).click();
      await expect(own.getByText('On: sign-in asks for a code')).toBeVisible();
      await expect(own.getByLabel('Backup codes').locator('code')).toHaveCount(10);

      // The password rule's dictionaries come only once a new password is typed.
      expect(scripts.filter((url) => url.includes('password-strength'))).toEqual([]);
      await own.getByLabel('Current password').fill(account.password);
      const newPassword = own.getByLabel('New password');
      await newPassword.fill('too short');
      await own.getByRole('button', { name: 'Change password' }).click();
      await expect(own.getByText('Password must be at least 10 characters')).toBeVisible();
      await newPassword.fill('qwertyuiop123');
      await expect(own.getByText(/^Easy to guess: /)).toBeVisible();
      expect(scripts.filter((url) => url.includes('password-strength'))).toHaveLength(1);
      await own.getByRole('button', { name: 'Change password' }).click();
      await expect(own.getByText(/^Password is too easy to guess\./)).toBeVisible();
      await expectNoAxeViolations(own);
      await newPassword.fill(`${account.password} renewed`);
      await expect(own.getByText('Hard to guess: this password will do.')).toBeVisible();
      await own.getByRole('button', { name: 'Change password' }).click();
      await expect(own.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
      expect(await own.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    },
  );
}

test('public pages and the login page load none of the password rule', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  for (const path of ['/', '/verify', '/login']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => url.includes('password-strength'))).toEqual([]);
});
