import { allowDocument404, expect, expectNoAxeViolations, openPage, publicPages, test } from './fixtures.ts';

test.describe('accessibility (axe: WCAG 2.1 A/AA and best practices)', () => {
  for (const { path, heading, status } of publicPages) {
    test(`${path} has no violations`, async ({ page, consoleGuard }) => {
      if (status === 404) allowDocument404(consoleGuard, path);
      await openPage(page, path, heading);
      await expectNoAxeViolations(page);
    });
  }

  test('the feedback popover has no violations', async ({ page }) => {
    await openPage(page, '/', undefined);
    await page.getByRole('button', { name: 'Give feedback' }).click();
    await expect(page.getByRole('dialog', { name: 'Feedback' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the "Message Sent!" dialog has no violations', async ({ page }) => {
    await openPage(page, '/contact', undefined);
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Tan');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('I found a bug on the courses page.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('dialog', { name: 'Message Sent!' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the contact form with its errors shown has no violations', async ({ page }) => {
    await openPage(page, '/contact', undefined);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('accessibility at 390px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { path, heading, status } of publicPages) {
    test(`${path} has no violations on a phone`, async ({ page, consoleGuard }) => {
      if (status === 404) allowDocument404(consoleGuard, path);
      await openPage(page, path, heading);
      await expectNoAxeViolations(page);
    });
  }

  test('the open mobile menu has no violations', async ({ page }) => {
    await openPage(page, '/', undefined);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
