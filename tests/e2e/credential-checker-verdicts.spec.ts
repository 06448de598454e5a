import type { Locator, Page } from '@playwright/test';
import { DEMO_PAIRS } from '../../src/server/features/demo/demo-people.ts';
import type { PersonView } from '../../src/shared/api/people.ts';
import { formatDate } from '../../src/shared/format-date.ts';
import { courseExpiryDate } from '../../src/shared/rules/course-validity.ts';
import { expect, expectNoAxeViolations, openPage, site, staffTest, test, verifyByApi } from './fixtures.ts';
import { makeStateRecords, validityYears } from './state-records.ts';

// The credential checker as an employer uses it: a plain verdict first, readable in its colours,
// for every outcome; the technical lines behind "Details"; axe with each outcome on the page.

const today = formatDate(new Date().toISOString().slice(0, 10));

type Rgb = [number, number, number];
const channels = (css: string): Rgb => {
  const [r = 0, g = 0, b = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [r, g, b];
};
/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(a: Rgb, b: Rgb) {
  const luminance = (rgb: Rgb) => {
    const [r, g, bl] = rgb.map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const verdict = (page: Page) => page.getByTestId('credential-verdict');

/** The verdict's title and text against its own background: readable, and of the expected hue. */
async function expectReadable(box: Locator, hue: 'green' | 'red' | 'orange') {
  const paper = channels(await box.evaluate((element) => getComputedStyle(element).backgroundColor));
  for (const part of [box.getByRole('heading'), box.locator('p')]) {
    const ink = channels(await part.evaluate((element) => getComputedStyle(element).color));
    expect(contrast(ink, paper), `contrast of "${await part.textContent()}"`).toBeGreaterThanOrEqual(4.5);
  }
  const [r, g, b] = channels(
    await box.getByRole('heading').evaluate((element) => getComputedStyle(element).color),
  );
  if (hue === 'green') expect(g).toBeGreaterThan(Math.max(r, b));
  else expect(r).toBeGreaterThan(Math.max(g, b));
  if (hue === 'orange') expect(g).toBeGreaterThan(b);
}

async function check(page: Page, text: string) {
  await page.getByLabel('Credential text').fill(text);
  await page.getByRole('button', { name: 'Check credential' }).click();
}

const course = (person: PersonView) => `${person.tradeTested} (${person.testLevel})`;

for (const width of [1366, 390]) {
  staffTest.describe(`the credential checker at ${width}px`, () => {
    staffTest.use({ viewport: { width, height: 900 } });

    staffTest(
      'leads with a plain, readable verdict for each outcome; the detail waits behind a toggle',
      async ({ page }) => {
        const records = await makeStateRecords(page);
        const credentialOf = async (person: PersonView) =>
          (await page.request.get(`/api/certificates/${person.id}/credential`)).text();
        const valid = await credentialOf(records.valid);
        const expired = await credentialOf(records.expired);
        const revoked = await credentialOf(records.revoked);
        await openPage(page, '/verify-credential', 'Check a Credential File');

        // Valid: whose, which course, which issuer, until when; the issuer by name, not its DID.
        await check(page, valid);
        await expect(verdict(page).getByRole('heading')).toHaveText('Valid e-Cert');
        const validUntil = formatDate(courseExpiryDate(records.valid.passedDate, validityYears));
        await expect(verdict(page)).toContainText(
          `This is the e-Cert of ${records.valid.name} for ${course(records.valid)}, issued by ${site.issuerName}. It has not been changed or revoked, and it is valid until ${validUntil}.`,
        );
        await expect(verdict(page)).not.toContainText('did:web');
        await expectReadable(verdict(page), 'green');
        await expectNoAxeViolations(page);

        // The technical lines: hidden until "Details" is opened, from the keyboard too.
        const details = page.getByRole('button', { name: 'Details' });
        const lines = page.getByRole('list', { name: 'Checks' });
        await expect(details).toHaveAttribute('aria-expanded', 'false');
        await expect(lines).toBeHidden();
        await details.focus();
        await page.keyboard.press('Enter');
        await expect(details).toHaveAttribute('aria-expanded', 'true');
        await expect(lines).toBeVisible();
        await expect(lines.locator('li[data-check="issuer"]')).toContainText(site.issuerName);
        await expectNoAxeViolations(page);
        await page.keyboard.press('Space');
        await expect(lines).toBeHidden();

        // Tampered: not valid, and nothing in it to rely on.
        const tampered = JSON.parse(valid);
        tampered.credentialSubject.result[0].value = 'Distinction';
        await check(page, JSON.stringify(tampered, null, 2));
        await expect(verdict(page).getByRole('heading')).toHaveText('Not valid: this file was changed');
        await expect(verdict(page)).toContainText(
          `It claims to be the e-Cert of ${records.valid.name} for ${course(records.valid)}, but it was changed after it was signed, or ${site.issuerName} did not sign it.`,
        );
        await expectReadable(verdict(page), 'red');
        await expectNoAxeViolations(page);

        // Revoked, with the day.
        await check(page, revoked);
        await expect(verdict(page).getByRole('heading')).toHaveText('Not valid: this e-Cert was revoked');
        await expect(verdict(page)).toContainText(
          `The e-Cert of ${records.revoked.name} for ${course(records.revoked)}, issued by ${site.issuerName}, was revoked on ${today}.`,
        );
        await expectReadable(verdict(page), 'red');
        await expectNoAxeViolations(page);

        // Expired, with its last valid day.
        await check(page, expired);
        await expect(verdict(page).getByRole('heading')).toHaveText('Not valid: this e-Cert has expired');
        const lastDay = formatDate(courseExpiryDate(records.expired.passedDate, validityYears));
        await expect(verdict(page)).toContainText(
          `This is the e-Cert of ${records.expired.name} for ${course(records.expired)}, issued by ${site.issuerName}. It was valid until ${lastDay}.`,
        );
        await expectReadable(verdict(page), 'red');
        await expectNoAxeViolations(page);

        // JSON that is not a credential: a plain verdict; the validator's words only under Details.
        await check(page, '{"hello": "world"}');
        await expect(verdict(page).getByRole('heading')).toHaveText('Not an e-Cert credential');
        await expectReadable(verdict(page), 'red');
        await expect(page.getByText(/Invalid input|expected array/)).toBeHidden();
        await details.click();
        await expect(lines.locator('li[data-check="format"]')).toContainText('@context');
        await expectNoAxeViolations(page);

        // Text that is not JSON at all: said plainly, and nothing is sent.
        let sent = 0;
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/credentials/verify') sent += 1;
        });
        await check(page, 'this is not a credential');
        await expect(page.getByRole('alert').filter({ hasText: 'not a credential file' })).toHaveText(
          `This is not a credential file. A credential from ${site.issuerName} is a .json file whose text starts with "{". Choose the file you downloaded, or paste all of its text.`,
        );
        await expect(verdict(page)).toHaveCount(0);
        await expect(page.getByText('The request could not be understood.')).toHaveCount(0);
        expect(sent).toBe(0);
        await expectNoAxeViolations(page);
      },
    );
  });
}

// FIN checks are limited per credential (a handful an hour): this file checks the second demo
// e-Cert's, the other checker tests the first's.
const [, pair] = DEMO_PAIRS;
const notTheirs = 'This e-Cert does not belong to that FIN';

/** A demo record's signed credential, as its record page offers it for download. */
async function demoCredential(page: Page) {
  const id = await verifyByApi(page.request, pair);
  return (await page.request.get(`/api/certificates/${id}/credential`)).text();
}

/** The font size and weight of the verdict's title, and the colour of its border. */
const looksOf = (box: Locator) =>
  box.evaluate((element) => {
    const title = getComputedStyle(element.querySelector('h2') as Element);
    return {
      size: title.fontSize,
      weight: title.fontWeight,
      border: getComputedStyle(element).borderTopColor,
      titleColor: title.color,
    };
  });

for (const width of [390, 1366]) {
  test.describe(`the checker's verdict at ${width}px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('a wrong FIN, sent with Enter, turns the whole verdict; the right one turns it back', async ({
      page,
    }) => {
      const credential = await demoCredential(page);
      await openPage(page, '/verify-credential', 'Check a Credential File');
      await check(page, credential);
      await expect(verdict(page).getByRole('heading')).toHaveText('Valid e-Cert');
      const valid = await looksOf(verdict(page));

      const fin = page.getByRole('textbox', { name: /Does it belong to this FIN/ });
      await fin.fill('X0000000X');
      await fin.press('Enter');
      await expect(verdict(page).getByRole('heading')).toHaveText(notTheirs);
      await expect(verdict(page)).toHaveAttribute('data-tone', 'invalid');
      await expect(verdict(page)).toContainText(
        'The FIN you typed is not the FIN of the person this e-Cert was issued to. Do not accept it for the person with that FIN.',
      );
      await expect(verdict(page)).toBeInViewport();
      // Nothing green is left standing beside it, and it weighs what the verdict weighed.
      await expect(page.getByText('Valid e-Cert')).toHaveCount(0);
      const mismatch = await looksOf(verdict(page));
      expect({ size: mismatch.size, weight: mismatch.weight }).toEqual({
        size: valid.size,
        weight: valid.weight,
      });
      expect(mismatch.border).toBe(mismatch.titleColor);
      await expectReadable(verdict(page), 'red');
      await expectNoAxeViolations(page);

      await fin.fill(pair.finNumber.toLowerCase());
      await expect(verdict(page).getByRole('heading')).toHaveText('Valid e-Cert');
      await fin.press('Enter');
      await expect(page.getByText('The FIN matches this credential.')).toBeVisible();
      await expect(verdict(page).getByRole('heading')).toHaveText('Valid e-Cert');
    });

    test('"Check credential" brings the verdict into view and gives it focus, from the keyboard', async ({
      page,
    }) => {
      const credential = await demoCredential(page);
      await openPage(page, '/verify-credential', 'Check a Credential File');
      await page.getByLabel('Credential text').fill(credential);
      const checkButton = page.getByRole('button', { name: 'Check credential' });
      await expect(checkButton).toBeEnabled();
      await checkButton.focus();
      await expect(checkButton).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(verdict(page).getByRole('heading')).toHaveText('Valid e-Cert');
      await expect(verdict(page)).toBeFocused();
      await expect(verdict(page)).toBeInViewport({ ratio: 1 });
      // Not under the fixed top bar either.
      const bar = await page.getByRole('banner').boundingBox();
      await expect
        .poll(async () => (await verdict(page).boundingBox())?.y ?? 0)
        .toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
      await expectNoAxeViolations(page);
      // The next Tab goes on from the verdict, to what follows it.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('textbox', { name: /Does it belong to this FIN/ })).toBeFocused();
    });
  });
}

test.describe('scrolling to the verdict', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`glides only for a visitor who has not asked for less motion (${reducedMotion})`, async ({
      page,
    }) => {
      // Records how the page asks to scroll: a glide takes frames the eye follows, a jump does not.
      await page.addInitScript(() => {
        const scrolls: unknown[] = [];
        Object.assign(window, { scrolls });
        const original = Element.prototype.scrollIntoView;
        Element.prototype.scrollIntoView = function (
          this: Element,
          options?: boolean | ScrollIntoViewOptions,
        ) {
          scrolls.push(typeof options === 'object' ? (options.behavior ?? 'auto') : 'auto');
          original.call(this, options);
        };
      });
      await page.emulateMedia({ reducedMotion });
      const credential = await demoCredential(page);
      await openPage(page, '/verify-credential', 'Check a Credential File');
      await check(page, credential);
      await expect(verdict(page)).toBeFocused();
      await expect(verdict(page)).toBeInViewport({ ratio: 1 });
      const scrolls = await page.evaluate(() => (window as unknown as { scrolls: unknown[] }).scrolls);
      expect(scrolls).toEqual([reducedMotion === 'reduce' ? 'auto' : 'smooth']);
    });
  }
});
