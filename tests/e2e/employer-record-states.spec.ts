import type { Locator, Page } from '@playwright/test';
import { formatDate } from '../../src/shared/format-date.ts';
import { courseExpiryDate } from '../../src/shared/rules/course-validity.ts';
import { expect, expectNoAxeViolations, openPage, site, staffTest, waitForAnimations } from './fixtures.ts';
import { makeStateRecords, validityYears } from './state-records.ts';

// What an employer reads on the record page of a valid, an expired and a revoked e-Cert, in words
// and in colour, on a laptop and on a phone, and on paper.

const today = formatDate(new Date().toISOString().slice(0, 10));

const rgb = (css: string) => {
  const [r = 0, g = 0, b = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return { r, g, b };
};
const background = async (locator: Locator) =>
  rgb(await locator.evaluate((element) => getComputedStyle(element).backgroundColor));
const isGreen = ({ r, g, b }: { r: number; g: number; b: number }) => g > r + 20 && g > b + 20;
const isRed = ({ r, g, b }: { r: number; g: number; b: number }) => r > g + 60 && r > b + 60;

const summary = (page: Page) => page.getByTestId('record-state');
const badge = (scope: Locator, text: string) =>
  scope.locator('.mantine-Badge-root').filter({ hasText: new RegExp(`^${text}$`) });
/** The result cell of the record's only row in its training record table. */
const resultCell = (page: Page) =>
  page
    .getByRole('region', { name: `${site.certificateShortTitle} Training Record` })
    .locator('tbody')
    .getByRole('cell')
    .nth(3);

/** "View Certificate" opens a dialog that says `sentence` above the images. */
async function expectDialogSays(page: Page, sentence: string) {
  await page.getByRole('button', { name: 'View Certificate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Certificate & Passport' });
  await expect(dialog.getByText(sentence, { exact: true })).toBeVisible();
  await waitForAnimations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const width of [1366, 390]) {
  staffTest.describe(`the record page at ${width}px`, () => {
    staffTest.use({ viewport: { width, height: 900 } });

    staffTest(
      'valid, expired and revoked records each say what they are, in words and colour',
      async ({ page }) => {
        const { valid, expired, revoked } = await makeStateRecords(page);

        // Valid: the green badge, a green "Passed", "Available", and the signed copy on offer.
        await openPage(page, `/info/${valid.id}`, site.certificateTitle);
        const validBadge = badge(summary(page), 'Verified Information');
        await expect(validBadge).toBeVisible();
        expect(isGreen(await background(validBadge))).toBe(true);
        await expect(page.getByText('Course Status: Available', { exact: true })).toBeVisible();
        await expect(summary(page)).not.toContainText(/expired|revoked/i);
        await expect(
          page.locator('.mantine-Badge-root').filter({ hasText: /^(Expired|Revoked)$/ }),
        ).toHaveCount(0);
        expect(isGreen(await background(badge(resultCell(page), 'Passed')))).toBe(true);
        await expect(page.getByRole('link', { name: 'Download credential' })).toBeVisible();
        await expectNoAxeViolations(page);

        // Expired: "Expired" and the last valid day beside the badge; nothing green.
        await openPage(page, `/info/${expired.id}`, site.certificateTitle);
        const lastDay = formatDate(courseExpiryDate(expired.passedDate, validityYears));
        const held = badge(summary(page), 'Verified Information');
        const expiredBadge = badge(summary(page), 'Expired');
        await expect(held).toBeVisible();
        await expect(expiredBadge).toBeVisible();
        await expect(summary(page)).toContainText(
          `This certificate has expired. It was valid until ${lastDay}.`,
        );
        // Beside the badge: on the same line.
        const [heldBox, expiredBox] = [await held.boundingBox(), await expiredBadge.boundingBox()];
        expect(Math.abs((heldBox?.y ?? 0) - (expiredBox?.y ?? 100))).toBeLessThan(4);
        expect(isGreen(await background(held))).toBe(false);
        expect(isGreen(rgb(await held.evaluate((element) => getComputedStyle(element).color)))).toBe(false);
        expect(isGreen(await background(expiredBadge))).toBe(false);
        await expect(page.getByText('Course Status: Unavailable', { exact: true })).toBeVisible();
        const expiredPass = badge(resultCell(page), 'Passed');
        await expect(expiredPass).toBeVisible();
        expect(isGreen(await background(expiredPass))).toBe(false);
        await expect(badge(resultCell(page), 'Expired')).toBeVisible();
        await expectNoAxeViolations(page);
        // The certificate image alone would look valid: its dialog says so too.
        await expectDialogSays(page, `This certificate has expired. It was valid until ${lastDay}.`);

        // On paper the expiry still shows, with its badge's colours (browsers drop backgrounds).
        await page.emulateMedia({ media: 'print' });
        await expect(expiredBadge).toBeVisible();
        await expect(summary(page)).toContainText(`It was valid until ${lastDay}.`);
        expect(await expiredBadge.evaluate((element) => getComputedStyle(element).printColorAdjust)).toBe(
          'exact',
        );
        await expect(page.getByRole('link', { name: 'Download credential' })).toBeHidden();
        await page.emulateMedia({ media: 'screen' });

        // Revoked: revoked everywhere, nothing valid-looking, no download of the signed copy.
        await openPage(page, `/info/${revoked.id}`, site.certificateTitle);
        const revokedBadge = badge(summary(page), 'Revoked');
        await expect(revokedBadge).toBeVisible();
        expect(isRed(await background(revokedBadge))).toBe(true);
        await expect(summary(page)).toContainText(
          `This certificate was revoked on ${today} and is no longer valid.`,
        );
        await expect(summary(page)).toContainText('Reason: Issued in error');
        await expect(page.getByText('Verified Information')).toHaveCount(0);
        await expect(page.getByText('Course Status: Revoked', { exact: true })).toBeVisible();
        await expect(page.getByText('Course Status: Available')).toHaveCount(0);
        const revokedPass = badge(resultCell(page), 'Passed');
        expect(isGreen(await background(revokedPass))).toBe(false);
        const revokedRow = badge(resultCell(page), 'Revoked');
        await expect(revokedRow).toBeVisible();
        expect(isRed(await background(revokedRow))).toBe(true);
        await expect(page.getByRole('link', { name: 'Download credential' })).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'View PDF' })).toHaveCount(0);
        await expect(page.getByText('PDF withdrawn: this certificate was revoked.')).toBeVisible();
        await expectDialogSays(page, `This certificate was revoked on ${today} and is no longer valid.`);
        await expect(
          page.getByRole('heading', { name: 'How to check this certificate elsewhere' }),
        ).toHaveCount(0);
        await expectNoAxeViolations(page);
      },
    );
  });
}
