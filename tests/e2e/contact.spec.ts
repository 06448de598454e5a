import { expect, openPage, readContent, test, waitForAnimations } from './fixtures.ts';

interface ContactContent {
  title: string;
  replies: { support: string; pricing: string; bug: string; default: string };
}
const contact = readContent<ContactContent>('contact');

test.describe('contact form', () => {
  test.beforeEach(async ({ page }) => {
    await openPage(page, '/contact', contact.title);
  });

  test('submitting empty shows the three required-field errors', async ({ page }) => {
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('dialog', { name: 'Message Sent!' })).toBeHidden();
  });

  test('an invalid email shows "Please enter a valid email"', async ({ page }) => {
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Tan');
    await page.getByRole('textbox', { name: 'Email' }).fill('abc');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Name is required')).toBeHidden();
    await expect(page.getByText('Message is required')).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Message Sent!' })).toBeHidden();
  });

  test('a message about pricing is answered with the pricing reply', async ({ page }) => {
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Tan');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('What is the pricing of the forklift course?');
    await page.getByRole('button', { name: 'Send' }).click();

    const dialog = page.getByRole('dialog', { name: 'Message Sent!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(contact.replies.pricing);
    await waitForAnimations(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    // The form is cleared after a successful send.
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  test('the "Message Sent!" dialog closes with its close button', async ({ page }) => {
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Tan');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('Just saying hello.');
    await page.getByRole('button', { name: 'Send' }).click();

    const dialog = page.getByRole('dialog', { name: 'Message Sent!' });
    await expect(dialog).toContainText(contact.replies.default);
    await waitForAnimations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('feedback', () => {
  test('the smiley opens the popover, a rating is sent and thanked for', async ({ page }) => {
    await openPage(page, '/courses', 'Courses');
    const smiley = page.getByRole('button', { name: 'Give feedback' });
    await smiley.click();
    await expect(smiley).toHaveAttribute('aria-expanded', 'true');
    const popover = page.getByRole('dialog', { name: 'Feedback' });
    await expect(popover).toBeVisible();
    await expect(popover.getByText('How was your visit?')).toBeVisible();

    const send = popover.getByRole('button', { name: 'Send feedback' });
    await expect(send).toBeDisabled();
    // Mantine's rating radios are visually hidden; people click the star (the radio's label).
    const fourStars = popover.getByRole('radio', { name: '4', exact: true });
    await popover.locator(`label[for="${await fourStars.getAttribute('id')}"]`).click();
    await expect(fourStars).toBeChecked();
    await popover.getByRole('textbox', { name: 'Comment (optional)' }).fill('Clear and quick.');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(popover.getByText('Thank you for your feedback!')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
  });
});
