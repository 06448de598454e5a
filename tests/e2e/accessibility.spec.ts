import { expect, expectNoAxeViolations, openPage, tabTo, test } from './fixtures.ts';

// Every visitor page, in each language at 390 and 1280px, is scanned by languages.spec.ts; sign-in
// is in English only, so it is scanned here.
test.describe('accessibility (axe: WCAG 2.1 A/AA and best practices)', () => {
  test('/login has no violations', async ({ page }) => {
    await openPage(page, '/login', 'Login');
    await expectNoAxeViolations(page);
  });

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

// A focused field must be found at a glance: a recoloured 1px border alone is too slight a change.
test('a field reached by keyboard shows a focus ring, a password field too', async ({ page }) => {
  const ringOf = (field: ReturnType<typeof page.locator>) =>
    field.evaluate((element) => {
      const box = element.closest('.mantine-Input-input') ?? element;
      const style = getComputedStyle(box);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
  for (const [path, label] of [
    ['/verify', /^NRIC\/FIN\/Other identification no\./],
    ['/login', /^Password/],
  ] as const) {
    await openPage(page, path, undefined);
    const field = page.getByRole('main').getByLabel(label);
    expect(await ringOf(field)).toMatchObject({ style: 'none' });
    await tabTo(page, field);
    const ring = await ringOf(field);
    expect(ring.style, path).toBe('solid');
    expect(ring.width, path).toBeGreaterThanOrEqual(2);
  }
});

test.describe('accessibility at 390px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/login has no violations on a phone', async ({ page }) => {
    await openPage(page, '/login', 'Login');
    await expectNoAxeViolations(page);
  });

  test('the open mobile menu has no violations', async ({ page }) => {
    await openPage(page, '/', undefined);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
