import { expect, signInByApi, staffTest, uniqueTag } from './fixtures.ts';
import { adminAccount } from './staff-accounts.ts';

staffTest.describe('Users: an administrator adds an account', () => {
  staffTest.use({ account: adminAccount });

  staffTest('by keyboard, and the new account signs in', async ({ page, playwright }) => {
    const tag = uniqueTag().toLowerCase();
    const account = {
      email: `new-${tag}@example.com`,
      password: `new account passphrase ${tag}`,
      name: `New ${tag}`,
      role: 'staff' as const,
    };
    await page.goto('/dashboard/users');
    const form = page.getByRole('region', { name: 'Add a user' });
    await form.getByRole('textbox', { name: 'Name' }).fill(account.name);
    await form.getByRole('textbox', { name: 'Email' }).fill(account.email);
    // Too short first: the form says why and sends nothing.
    await form.getByRole('textbox', { name: 'Password' }).fill('short');
    await form.getByRole('textbox', { name: 'Password' }).press('Enter');
    await expect(form.getByText(/at least \d+ characters/i).last()).toBeVisible();
    await expect(page.getByRole('cell', { name: account.email })).toHaveCount(0);

    await form.getByRole('textbox', { name: 'Password' }).fill(account.password);
    await form.getByRole('textbox', { name: 'Password' }).press('Enter');
    await expect(page.getByText(`User ${account.email} created`)).toBeVisible();
    await expect(page.getByRole('cell', { name: account.email })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('');

    const request = await playwright.request.newContext({ baseURL: page.url() });
    try {
      await signInByApi(request, account);
    } finally {
      await request.dispose();
    }
  });
});
