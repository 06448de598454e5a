import type { Locator, Page } from '@playwright/test';
import { DEMO_PAIRS } from '../../src/server/features/demo/demo-people.ts';
import {
  allowFailedLoad,
  expect,
  expectNoAxeViolations,
  openPage,
  readContent,
  site,
  test,
  waitForAnimations,
} from './fixtures.ts';

const [firstPair, secondPair] = DEMO_PAIRS;
const noMatch = 'NRIC/FIN or e-Cert did not match. Please double-check your entries.';
const serviceDown = 'The verification service is not available right now. Please try again later.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// The browser solves the server's real proof of work before the request; allow for a busy machine.
const AFTER_PROOF = { timeout: 15_000 };
// VERIFY_WAIT_SECONDS=2 in playwright.config.ts.
const WAIT_SECONDS = 2;

test.describe.configure({ mode: 'parallel' });

async function openVerify(page: Page) {
  await openPage(page, '/verify', 'Check e-Cert Validity');
  const main = page.getByRole('main');
  return {
    fin: main.getByRole('textbox', { name: 'NRIC/FIN/Other identification no.' }),
    serial: main.getByRole('textbox', { name: 'e-Cert serial no.' }),
    submit: main.getByRole('button', { name: 'Verify e-Cert', exact: true }),
  };
}

async function submitPair(page: Page, finNumber: string, eCertNumber: string) {
  const form = await openVerify(page);
  await form.fin.fill(finNumber);
  await form.serial.fill(eCertNumber);
  await form.submit.click();
  return form;
}

const oopsDialog = (page: Page) => page.getByRole('dialog', { name: 'Oops...' });
const humanDialog = (page: Page) => page.getByRole('dialog', { name: 'Human verification' });

/** Presses Tab until `target` has focus; every stop on the way must stay inside `scope`. */
async function tabTo(page: Page, target: Locator, scope: Locator, maxPresses = 40) {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
    const inside = await scope.evaluate((element) => element.contains(document.activeElement));
    expect(inside, 'keyboard focus stays inside the expected area').toBe(true);
  }
  await expect(target).toBeFocused();
}

test.describe('verify page', () => {
  test('shows the breadcrumb, the title, the note and the two labelled inputs', async ({ page }) => {
    const form = await openVerify(page);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toHaveText(/^Home\s*>\s*Verify e-Cert$/);
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByText('Verify e-Cert', { exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(
      page.getByText(
        `This service verifies certificates issued by ${site.issuerName} and converted to e-Certs.`,
        { exact: true },
      ),
    ).toBeVisible();
    expect(site.issuerName).toBe('Demo Skills Institute');
    for (const input of [form.fin, form.serial]) {
      await expect(input).toBeVisible();
      await expect(input).toHaveAttribute('placeholder', 'Please enter');
      await expect(input).toHaveValue('');
    }
    await expect(form.submit).toBeVisible();
  });

  test('"Verify e-Cert" is enabled only when both numbers are non-empty after trimming', async ({ page }) => {
    const { fin, serial, submit } = await openVerify(page);
    await expect(submit).toBeDisabled();
    await fin.fill(firstPair.finNumber);
    await expect(submit).toBeDisabled();
    await fin.fill('');
    await serial.fill(firstPair.eCertNumber);
    await expect(submit).toBeDisabled();
    await fin.fill('   ');
    await expect(submit).toBeDisabled();
    await fin.fill(firstPair.finNumber);
    await serial.fill(' \t ');
    await expect(submit).toBeDisabled();
    await serial.fill(firstPair.eCertNumber);
    await expect(submit).toBeEnabled();
    await fin.fill('');
    await expect(submit).toBeDisabled();
  });

  test('a wrong pair shows the 400px "Oops..." dialog and "Try Again" closes it', async ({
    page,
    consoleGuard,
  }) => {
    allowFailedLoad(consoleGuard, '/api/verify', 404);
    // Both numbers exist, but not as one record's pair.
    await submitPair(page, firstPair.finNumber, secondPair.eCertNumber);
    const dialog = oopsDialog(page);
    await expect(dialog).toBeVisible(AFTER_PROOF);
    await expect(dialog.getByRole('heading', { name: 'Oops...' })).toBeVisible();
    await expect(dialog.getByText(noMatch, { exact: true })).toBeVisible();
    await expect(humanDialog(page)).toBeHidden();
    await waitForAnimations(page);
    expect((await dialog.boundingBox())?.width).toBe(400);

    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/verify');
    // The entries stay for correcting them.
    await expect(page.getByRole('textbox', { name: 'e-Cert serial no.' })).toHaveValue(
      secondPair.eCertNumber,
    );
  });

  test('matching is exact and case-sensitive', async ({ page, consoleGuard }) => {
    allowFailedLoad(consoleGuard, '/api/verify', 404);
    await submitPair(page, firstPair.finNumber.toLowerCase(), firstPair.eCertNumber);
    await expect(oopsDialog(page).getByText(noMatch, { exact: true })).toBeVisible(AFTER_PROOF);
  });

  test('a right pair opens the human check: it cannot be dismissed, counts down and needs the switch', async ({
    page,
  }) => {
    // Surrounding spaces are trimmed before the lookup.
    await submitPair(page, `  ${firstPair.finNumber} `, `\t${firstPair.eCertNumber}   `);
    const dialog = humanDialog(page);
    await expect(dialog).toBeVisible(AFTER_PROOF);
    await waitForAnimations(page);
    await expect(oopsDialog(page)).toBeHidden();

    // Only "Verify Human" and "Proceed": no close button, no confirm button.
    await expect(dialog.getByRole('button')).toHaveText(['Verify Human', 'Proceed']);
    const robotSwitch = dialog.getByRole('switch', { name: "I'm not a robot" });
    await expect(robotSwitch).not.toBeChecked();
    const proceed = dialog.getByRole('button', { name: 'Proceed' });
    await expect(proceed).toBeDisabled();

    // Neither Escape nor a click on the overlay closes it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await page.waitForTimeout(400);
    await waitForAnimations(page);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL('/verify');

    const verifyHuman = dialog.getByRole('button', { name: 'Verify Human' });
    await verifyHuman.click();
    const countdown = dialog.getByRole('button').first();
    await expect(countdown).toHaveText(`Wait ${WAIT_SECONDS}s...`);
    await expect(countdown).toBeDisabled();
    await expect(proceed).toBeDisabled();
    await expect(countdown).toHaveText('Wait 1s...');
    await expect(countdown).toBeDisabled();
    await expect(proceed).toBeEnabled({ timeout: 3_000 });
    await expect(countdown).toBeDisabled();

    // Proceeding without the switch only warns.
    await proceed.click();
    const warning = dialog.getByRole('alert');
    await expect(warning).toHaveText("Please confirm you're not a robot!");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL('/verify');

    await robotSwitch.check();
    await expect(robotSwitch).toBeChecked();
    await expect(warning).toBeHidden();
    await proceed.click();
    await expect(page).toHaveURL(/\/info\/[0-9a-f-]{36}$/);
    expect(new URL(page.url()).pathname.split('/').pop()).toMatch(UUID);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.certificateTitle);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText('Arjun Selvaraj');
  });

  test('past the rate limit the dialog says how many minutes to wait', async ({ page, consoleGuard }) => {
    allowFailedLoad(consoleGuard, '/api/verify', 429);
    await page.route('**/api/verify', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '300', 'content-type': 'application/json' },
        body: JSON.stringify({ statusCode: 429, code: 'RATE_LIMITED', message: 'x' }),
      }),
    );
    await submitPair(page, firstPair.finNumber, firstPair.eCertNumber);
    const dialog = oopsDialog(page);
    await expect(
      dialog.getByText('Too many attempts. Please try again in 5 minutes.', { exact: true }),
    ).toBeVisible(AFTER_PROOF);
    await expect(humanDialog(page)).toBeHidden();
  });

  test('a network failure says the service is not available', async ({ page, consoleGuard }) => {
    allowFailedLoad(consoleGuard, '/api/verify', 'aborted');
    await page.route('**/api/verify', (route) => route.abort());
    await submitPair(page, firstPair.finNumber, firstPair.eCertNumber);
    const dialog = oopsDialog(page);
    await expect(dialog.getByText(serviceDown, { exact: true })).toBeVisible(AFTER_PROOF);
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the whole flow works with the keyboard only', async ({ page }) => {
    const { fin, serial } = await openVerify(page);
    const body = page.locator('body');
    await tabTo(page, fin, body);
    await page.keyboard.type(secondPair.finNumber);
    await page.keyboard.press('Tab');
    await expect(serial).toBeFocused();
    await page.keyboard.type(secondPair.eCertNumber);
    await page.keyboard.press('Enter');

    const dialog = humanDialog(page);
    await expect(dialog).toBeVisible(AFTER_PROOF);
    await waitForAnimations(page);
    const robotSwitch = dialog.getByRole('switch', { name: "I'm not a robot" });
    await tabTo(page, robotSwitch, dialog, 6);
    await page.keyboard.press('Space');
    await expect(robotSwitch).toBeChecked();

    await tabTo(page, dialog.getByRole('button', { name: 'Verify Human' }), dialog, 6);
    await page.keyboard.press('Enter');
    // The pressed button disables itself; focus stays in the dialog, on the switch.
    await expect(robotSwitch).toBeFocused();
    const proceed = dialog.getByRole('button', { name: 'Proceed' });
    await expect(proceed).toBeEnabled({ timeout: (WAIT_SECONDS + 2) * 1000 });
    await tabTo(page, proceed, dialog, 6);
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/\/info\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.certificateTitle);
  });
});

test.describe('verify dialogs: focus, announcements and contrast', () => {
  test('"Verify Human" by keyboard keeps focus in the dialog and the end of the wait is announced once', async ({
    page,
  }) => {
    await submitPair(page, firstPair.finNumber, firstPair.eCertNumber);
    const dialog = humanDialog(page);
    await expect(dialog).toBeVisible(AFTER_PROOF);
    await waitForAnimations(page);
    const verifyHuman = dialog.getByRole('button', { name: 'Verify Human' });
    await tabTo(page, verifyHuman, dialog, 6);
    await page.keyboard.press('Enter');

    const countdown = dialog.getByRole('button').first();
    await expect(countdown).toHaveText(`Wait ${WAIT_SECONDS}s...`);
    await expect(countdown).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: "I'm not a robot" })).toBeFocused();
    // While counting, no live region holds the countdown (it would be read out every second).
    const liveTexts = () =>
      dialog.evaluate((element) =>
        [...element.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]')].map(
          (region) => region.textContent ?? '',
        ),
      );
    expect((await liveTexts()).filter((text) => text.includes('Wait'))).toEqual([]);
    await expect(dialog.getByRole('status')).toHaveText('');

    await expect(dialog.getByRole('button', { name: 'Proceed' })).toBeEnabled({ timeout: 3_000 });
    await expect(dialog.getByRole('status')).toHaveText('The wait is over. You can proceed now.');
    expect((await liveTexts()).filter((text) => text.includes('Wait'))).toEqual([]);
  });

  test('the "Oops..." icon stands out from its circle, and the circle from the dialog', async ({
    page,
    consoleGuard,
  }) => {
    allowFailedLoad(consoleGuard, '/api/verify', 404);
    await submitPair(page, firstPair.finNumber, secondPair.eCertNumber);
    const dialog = oopsDialog(page);
    await expect(dialog).toBeVisible(AFTER_PROOF);
    await waitForAnimations(page);
    const circle = dialog.locator('.mantine-ThemeIcon-root');
    const ratios = await circle.evaluate((element) => {
      const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (color: string) => {
        const [r = 0, g = 0, b = 0] = rgb(color).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const contrast = (a: string, b: string) => {
        const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
      };
      const svg = element.querySelector('svg');
      const circleColor = getComputedStyle(element).backgroundColor;
      const dialogColor = getComputedStyle(
        element.closest('.mantine-Modal-content') ?? document.body,
      ).backgroundColor;
      const iconColor = svg ? getComputedStyle(svg).stroke : 'none';
      return {
        iconColor,
        iconOnCircle: contrast(iconColor, circleColor),
        circleOnDialog: contrast(circleColor, dialogColor),
      };
    });
    expect(ratios.iconColor).toMatch(/^rgb/);
    expect(ratios.iconOnCircle).toBeGreaterThanOrEqual(3);
    expect(ratios.circleOnDialog).toBeGreaterThanOrEqual(3);
  });
});

interface VerifyContent {
  carousel: { src: string; alt: string; caption: string }[];
}
const slides = readContent<VerifyContent>('verify').carousel;

test.describe('carousel', () => {
  const carouselOf = (page: Page) => page.getByRole('region', { name: 'Highlights' });
  const slideOf = (page: Page) => carouselOf(page).locator('[data-slide-index]');

  async function expectSlide(page: Page, index: number) {
    const slide = slideOf(page);
    await expect(slide).toHaveAttribute('data-slide-index', String(index));
    await expect(slide).toHaveAttribute('aria-label', `${index + 1} of 6`);
    await expect(slide.getByRole('img')).toHaveAttribute('src', slides[index]?.src ?? '');
  }

  /** Opens /verify with the page's clock paused, so the 3 s timer moves only when the test says. */
  async function openWithPausedClock(page: Page) {
    await page.clock.install({ time: new Date('2030-01-01T00:00:00Z') });
    await page.clock.pauseAt(new Date('2030-01-01T00:00:01Z'));
    await openVerify(page);
    await expectSlide(page, 0);
  }

  test('has six slides; the arrows step through them and wrap around', async ({ page }) => {
    expect(slides).toHaveLength(6);
    await openVerify(page);
    const carousel = carouselOf(page);
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expectSlide(page, 0);
    const previous = carousel.getByRole('button', { name: 'Previous slide' });
    const next = carousel.getByRole('button', { name: 'Next slide' });
    // Clicking an arrow hovers and focuses the carousel, which pauses it: only the clicks move it.
    await previous.click();
    await expectSlide(page, 5);
    await next.click();
    await expectSlide(page, 0);
    for (let i = 1; i <= 5; i++) {
      await next.click();
      await expectSlide(page, i);
    }
    await next.click();
    await expectSlide(page, 0);
  });

  test('advances by itself every 3 seconds and wraps from the last slide', async ({ page }) => {
    await openWithPausedClock(page);
    await page.clock.runFor(2_900);
    await expectSlide(page, 0);
    await page.clock.runFor(100);
    await expectSlide(page, 1);
    await page.clock.runFor(4 * 3_000);
    await expectSlide(page, 5);
    await page.clock.runFor(3_000);
    await expectSlide(page, 0);
  });

  test('does not advance while hovered', async ({ page }) => {
    await openWithPausedClock(page);
    // The arrows lie across the middle of the image; hover its top edge.
    await slideOf(page)
      .getByRole('img')
      .hover({ position: { x: 60, y: 20 } });
    await page.clock.runFor(10_000);
    await expectSlide(page, 0);
    // Moving away resumes it.
    await page.mouse.move(1, 1);
    await page.clock.runFor(3_000);
    await expectSlide(page, 1);
  });

  test('stays still for people who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWithPausedClock(page);
    await page.clock.runFor(10_000);
    await expectSlide(page, 0);
    // The arrows still work.
    await carouselOf(page).getByRole('button', { name: 'Next slide' }).click();
    await expectSlide(page, 1);
  });
});

test.describe('verify accessibility (axe)', () => {
  test('/verify has no violations', async ({ page }) => {
    await openVerify(page);
    await expectNoAxeViolations(page);
  });

  test('the "Oops..." dialog has no violations', async ({ page, consoleGuard }) => {
    allowFailedLoad(consoleGuard, '/api/verify', 404);
    await submitPair(page, secondPair.finNumber, firstPair.eCertNumber);
    await expect(oopsDialog(page)).toBeVisible(AFTER_PROOF);
    await expectNoAxeViolations(page);
  });

  test('the human-verification dialog has no violations', async ({ page }) => {
    await submitPair(page, secondPair.finNumber, secondPair.eCertNumber);
    await expect(humanDialog(page)).toBeVisible(AFTER_PROOF);
    await expectNoAxeViolations(page);
  });
});
