import fs from 'node:fs/promises';
import {
  allowFailedLoad,
  appOrigin,
  expect,
  expectNoAxeViolations,
  holdBack,
  signInByApi,
  staffTest,
  uniqueTag,
  waitForAnimations,
} from './fixtures.ts';
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
    await expect(page.getByRole('cell', { name: account.email, exact: true })).toHaveCount(0);

    await form.getByRole('textbox', { name: 'Password' }).fill(account.password);
    await form.getByRole('textbox', { name: 'Password' }).press('Enter');
    // The server judges and hashes the password first: seconds on a slow machine running CI.
    await expect(page.getByText(`User ${account.email} created`)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('cell', { name: account.email, exact: true })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('');

    const request = await playwright.request.newContext({ baseURL: page.url() });
    try {
      await signInByApi(request, account);
    } finally {
      await request.dispose();
    }
  });
});

staffTest.describe('Users: an administrator changes an account', () => {
  staffTest.use({ account: adminAccount, viewport: { width: 1366, height: 900 } });

  staffTest('edits the name and email, bans and unbans, all by keyboard', async ({ page }) => {
    const tag = uniqueTag().toLowerCase();
    const created = await page.request.post('/api/users', {
      headers: { origin: appOrigin() },
      data: { email: `change-${tag}@example.com`, name: `Change ${tag}`, password: `passphrase ${tag}` },
    });
    expect(created.status()).toBe(201);
    const email = `changed-${tag}@example.com`;
    await page.goto('/dashboard/users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users', { timeout: 15_000 });

    await page.getByRole('button', { name: `Edit change-${tag}@example.com` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Edit Change ${tag}` });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`Changed ${tag}`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(email);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText(`User ${email} updated`)).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row.getByRole('cell', { name: `Changed ${tag}`, exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Ban ${email}` }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Ban Changed ${tag}` });
    await expect(confirm).toContainText('signed out everywhere at once');
    await confirm.getByRole('button', { name: 'Ban' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${email} is banned`)).toBeVisible();
    await expect(row.getByText('Banned', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Reset link ${email}` })).toBeDisabled();

    await row.getByRole('button', { name: `Unban ${email}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${email} can sign in again`)).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
  });
});

staffTest.describe('Users: an administrator downloads a backup', () => {
  staffTest.use({ account: adminAccount });

  staffTest('encrypted with the passphrase typed, from the keyboard', async ({ page }) => {
    await page.goto('/dashboard/users');
    const section = page.getByRole('region', { name: 'Backup' });
    await expect(section.getByText(/holds personal data/)).toBeVisible();
    await expectNoAxeViolations(page);
    const passphrase = section.getByLabel('Passphrase for this backup');
    // Too short: the form says why and nothing is downloaded.
    await passphrase.fill('short');
    await passphrase.press('Enter');
    await expect(section.getByText('The passphrase must have at least 12 characters')).toBeVisible();
    await passphrase.fill('an end-to-end backup passphrase');
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download a backup' }).focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ecert-backup-\d{4}-\d{2}-\d{2}\.zip\.age$/);
    const bytes = await fs.readFile(await file.path());
    // An age file with a passphrase (scrypt) recipient; nothing of the archive in clear.
    expect(bytes.subarray(0, 21).toString('latin1')).toBe('age-encryption.org/v1');
    expect(bytes.includes('-> scrypt ')).toBe(true);
    expect(bytes.includes('manifest.json')).toBe(false);
    // The page stays, and the trail names the download.
    await expect(section).toBeVisible();
    await page.goto('/dashboard/audit?entityType=backup');
    await expect(page.getByText(/Backup of \d{4}-/).first()).toBeVisible();
  });
});

for (const width of [1366, 390]) {
  staffTest.describe(`Users at ${width}px: making an administrator`, () => {
    staffTest.use({ account: adminAccount, viewport: { width, height: 900 } });

    staffTest('asks first, naming the person and what administrators can do', async ({ page }) => {
      const tag = uniqueTag().toLowerCase();
      const email = `promote-${tag}@example.com`;
      const created = await page.request.post('/api/users', {
        headers: { origin: appOrigin() },
        data: { email, name: `Promote ${tag}`, password: `promotion passphrase ${tag}` },
      });
      expect(created.status()).toBe(201);
      await page.goto('/dashboard/users');
      const role = page.getByRole('combobox', { name: `Role of ${email}` });
      await role.selectOption('admin');
      const dialog = page.getByRole('dialog', { name: `Make Promote ${tag} an administrator?` });
      await expect(dialog).toContainText(`Promote ${tag} (${email}) will be able to`);
      await expect(dialog).toContainText('make password reset links for any account');
      await waitForAnimations(page);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(role).toHaveValue('staff');
      const roleOf = async () =>
        (
          (await (await page.request.get('/api/users')).json()) as {
            items: { email: string; role: string }[];
          }
        ).items.find((user) => user.email === email)?.role;
      expect(await roleOf()).toBe('staff');

      await role.selectOption('admin');
      await dialog.getByRole('button', { name: 'Make administrator' }).click();
      await expect(page.getByText(`Role of ${email} updated`)).toBeVisible();
      await expect(role).toHaveValue('admin');
      expect(await roleOf()).toBe('admin');
    });

    staffTest(
      'a new password gets the estimator’s feedback as it is typed, and the server refuses a weak one',
      async ({ page, consoleGuard }) => {
        allowFailedLoad(consoleGuard, '/api/users', 400);
        const tag = uniqueTag().toLowerCase();
        await page.goto('/dashboard/users');
        const form = page.getByRole('region', { name: 'Add a user' });
        await form.getByRole('textbox', { name: 'Name' }).fill(`Weak ${tag}`);
        await form.getByRole('textbox', { name: 'Email' }).fill(`weak-${tag}@example.com`);
        const password = form.getByRole('textbox', { name: 'Password' });
        await password.fill('password12');
        await expect(form.getByText('Easy to guess: This is a commonly used password.')).toBeVisible();
        await expect(form.getByText('Add more words that are less common.')).toBeVisible();
        await expectNoAxeViolations(page);
        await password.press('Enter');
        await expect(
          form
            .getByRole('alert')
            .getByText('Password is too easy to guess. This is a commonly used password.'),
        ).toBeVisible();
        await password.fill(`marmalade kettle orbit ${tag}`);
        await expect(form.getByText('Hard to guess: this password will do.')).toBeVisible();
      },
    );
  });
}

staffTest.describe('Users: giving the editor role', () => {
  staffTest.use({ account: adminAccount });

  staffTest('an administrator makes a staff user an editor from the role list', async ({ page }) => {
    const tag = uniqueTag().toLowerCase();
    const email = `editor-${tag}@example.com`;
    const created = await page.request.post('/api/users', {
      headers: { origin: appOrigin() },
      data: { email, name: `Editor ${tag}`, password: `editing passphrase ${tag}` },
    });
    expect(created.status()).toBe(201);
    await page.goto('/dashboard/users');
    const role = page.getByRole('combobox', { name: `Role of ${email}` });
    await expect(role.getByRole('option')).toHaveText(['admin', 'staff', 'editor']);
    await role.selectOption('editor');
    await expect(page.getByText(`Role of ${email} updated`)).toBeVisible();
    await expect(role).toHaveValue('editor');
    const users = (await (await page.request.get('/api/users')).json()) as {
      items: { email: string; role: string }[];
    };
    expect(users.items.find((user) => user.email === email)?.role).toBe('editor');
    await expectNoAxeViolations(page);
  });
});

staffTest.describe('Users: the first choice on a page that has just opened', () => {
  staffTest.use({ account: adminAccount });

  staffTest(
    'the page waits for its confirm dialogs, so choosing admin at once still asks',
    async ({ page }) => {
      const tag = uniqueTag().toLowerCase();
      const email = `quick-${tag}@example.com`;
      const created = await page.request.post('/api/users', {
        headers: { origin: appOrigin() },
        data: { email, name: `Quick ${tag}`, password: `quick choice passphrase ${tag}` },
      });
      expect(created.status()).toBe(201);
      // The toasts' and dialogs' scripts arrive late, as on a slow connection.
      const releaseOverlays = await holdBack(page, '**/assets/staff-overlays-*.js');
      const usersLoaded = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/users',
      );
      await page.goto('/dashboard/users', { waitUntil: 'commit' });
      await usersLoaded;
      const role = page.getByRole('combobox', { name: `Role of ${email}` });
      // Without waiting for them the page showed within this time, and a choice made then opened nothing.
      const shownFirst = await role.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      expect(shownFirst, 'the page shows before its dialogs listen').toBe(false);
      releaseOverlays();
      await role.selectOption('admin');
      await expect(page.getByRole('dialog', { name: `Make Quick ${tag} an administrator?` })).toBeVisible();
    },
  );
});
