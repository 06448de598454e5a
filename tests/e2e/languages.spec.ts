import type { Page } from '@playwright/test';
import { DEMO_PAIRS } from '../../src/server/features/demo/demo-people.ts';
import { type Language, languageNames, languages, pathIn } from '../../src/shared/i18n/languages.ts';
import {
  allowDocument404,
  cutButtonLabels,
  expect,
  expectNoAxeViolations,
  openPage,
  publicPages,
  type Site,
  tabTo,
  test,
  verifyByApi,
} from './fixtures.ts';
import { contentIn, translator } from './translations.ts';

const [pair] = DEMO_PAIRS;

test.describe.configure({ mode: 'parallel' });

for (const language of ['ta', 'zh-Hans'] as const) {
  test(`the verify flow in ${language}: form, human check and record page in the language`, async ({
    page,
  }) => {
    const t = translator(language);
    await openPage(page, pathIn(language, '/verify'), t('Check e-Cert Validity'));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const main = page.getByRole('main');
    const fin = main.getByRole('textbox', { name: t('NRIC/FIN/Other identification no.') });
    await expect(fin).toHaveAttribute('placeholder', t('Please enter'));
    await fin.fill(pair.finNumber);
    await main.getByRole('textbox', { name: t('e-Cert serial no.') }).fill(pair.eCertNumber);
    await main.getByRole('button', { name: t('Verify e-Cert'), exact: true }).click();

    // The browser solves the server's real proof of work first; VERIFY_WAIT_SECONDS is 2.
    const dialog = page.getByRole('dialog', { name: t('Human verification') });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('button', { name: t('Verify Human') }).click();
    const proceed = dialog.getByRole('button', { name: t('Proceed') });
    await expect(proceed).toBeEnabled({ timeout: 5_000 });
    await dialog.getByRole('switch', { name: t("I'm not a robot") }).check();
    await proceed.click();

    await expect(page).toHaveURL(new RegExp(`^[^?#]+/${language}/info/[0-9a-f-]{36}$`));
    const site = contentIn<Site>(language, 'site');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.certificateTitle);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('main')).toContainText('Arjun Selvaraj');
  });
}

/** Every page the server renders for visitors (the staff sign-in is English only). */
const visitorPages = publicPages.filter((p) => p.path !== '/login');

for (const language of languages) {
  for (const { width, height } of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`every ${language} page at ${width}px says lang="${language}", fits and passes axe`, async ({
      page,
      request,
      consoleGuard,
    }) => {
      test.setTimeout(360_000);
      await page.setViewportSize({ width, height });
      const id = await verifyByApi(request, pair);
      for (const { path, status } of [...visitorPages, { path: `/info/${id}`, status: 200 }]) {
        const address = pathIn(language, path);
        if (status === 404) allowDocument404(consoleGuard, address);
        const response = await openPage(page, address);
        expect(response?.status(), address).toBe(status);
        await expect(page.locator('html'), address).toHaveAttribute('lang', language);
        expect(await sideways(page), `${address} scrolls sideways`).toBe(false);
        expect(await skipLinkShows(page), `${address} shows its skip link unfocused`).toBe(false);
        expect(await cutButtonLabels(page), `${address}: buttons whose words are cut off`).toEqual([]);
        await expectNoAxeViolations(page);
      }
    });
  }
}

/** Whether the page is wider than the window, as a long word in a heading can make it. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Whether any of the skip link shows before it has focus (it wraps to more lines in some languages). */
const skipLinkShows = (page: Page) =>
  page.locator('.skip-link').evaluate((link) => link.getBoundingClientRect().bottom > 0);

test('the language switcher, by keyboard: Tamil on /verify, and / comes back in Tamil', async ({ page }) => {
  const chosen: Language = 'ta';
  await openPage(page, '/verify');
  const banner = page.getByRole('banner');
  const summary = banner.locator('summary', { hasText: languageNames.en });
  await tabTo(page, summary);
  await page.keyboard.press('Enter');
  const tamil = banner.getByRole('link', { name: languageNames[chosen] });
  await expect(tamil).toBeVisible();
  await tabTo(page, tamil);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(pathIn(chosen, '/verify'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    translator(chosen)('Check e-Cert Validity'),
  );

  await page.goto('/');
  await expect(page).toHaveURL(pathIn(chosen, '/'));
  await expect(page.locator('html')).toHaveAttribute('lang', chosen);
});

// Sign-in exists in English only: a switcher there would lead to "Page not found".
test('the English-only sign-in offers no other language, wide or in the menu', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, '/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('a[hreflang]')).toHaveCount(0);
  await expect(page.getByRole('banner').locator('summary')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link').first()).toBeVisible();
  await expect(menu.locator('a[hreflang]')).toHaveCount(0);
  // The pages the menu does lead to still offer every language.
  await openPage(page, '/verify');
  await expect(page.locator('a[hreflang]')).not.toHaveCount(0);
});
