import { totpCode } from '../../src/server/test/totp.ts';
import { appOrigin, expect, openPage, signInByApi, staffTest, uniqueTag } from './fixtures.ts';
import { adminAccount } from './staff-accounts.ts';

staffTest.use({ account: adminAccount });

staffTest(
  'the Account page sets up two-factor with a QR code and changes the password',
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
    const context = await browser.newContext();
    const own = await context.newPage();
    await signInByApi(own.request, account);
    await openPage(own, '/dashboard/account', 'Account');

    await own.getByLabel('Your password').fill(account.password);
    const enabled = own.waitForResponse('**/api/auth/two-factor/enable');
    await own.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    // The QR code holds the URI of this answer; an authenticator app would read it from the image.
    const { totpURI } = (await (await enabled).json()) as { totpURI: string };
    await expect(own.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await own.getByLabel('Code from the app').fill(totpCode(totpURI));
    await own.getByRole('button', { name: 'Confirm' }).click();
    await expect(own.getByText('On: sign-in asks for a code')).toBeVisible();
    await expect(own.getByLabel('Backup codes').locator('code')).toHaveCount(10);

    await own.getByLabel('Current password').fill(account.password);
    await own.getByLabel('New password').fill('too short');
    await own.getByRole('button', { name: 'Change password' }).click();
    await expect(own.getByText('Password must be at least 10 characters')).toBeVisible();
    await own.getByLabel('New password').fill(`${account.password} renewed`);
    await own.getByRole('button', { name: 'Change password' }).click();
    await expect(own.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
    await context.close();
  },
);
