import type { Page } from '@playwright/test';
import { expect, openPage, site, test, waitForAnimations } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

async function openMenu(page: Page) {
  const burger = page.getByRole('button', { name: 'Open menu' });
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await waitForAnimations(page);
  return menu;
}

test.describe('mobile menu (390×844)', () => {
  test('the burger opens a menu with the links, the search box and the popular searches', async ({
    page,
  }) => {
    await openPage(page, '/courses', 'Courses');
    // The desktop links are hidden at this width; the burger replaces them.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }),
    ).toBeHidden();
    const menu = await openMenu(page);

    const expectedLinks = [
      ['e-Services', '/e-services'],
      ['Careers & Skills Passport', '/careers'],
      ['Courses', '/courses'],
      ['Resources', '/resources'],
      ['About Us', '/about'],
    ] as const;
    for (const [label, href] of expectedLinks) {
      const link = menu.getByRole('link', { name: label, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
    }

    const box = menu.getByRole('textbox', { name: 'Search this site' });
    await expect(box).toBeVisible();
    await expect(box).toHaveAttribute('placeholder', 'Include " " for better search results');
    await expect(menu.getByRole('button', { name: 'Search' })).toBeVisible();

    await expect(menu.getByRole('heading', { name: 'Popular Searches' })).toBeVisible();
    const popular = menu.getByRole('list', { name: 'Popular Searches' }).getByRole('link');
    await expect(popular).toHaveCount(3);
    await expect(popular).toHaveText(site.popularSearches);

    // The same page in every language, each named in its own.
    const languages = menu.getByRole('list', { name: 'Language' }).getByRole('link');
    await expect(languages).toHaveText(['English', '简体中文', 'Bahasa Melayu', 'தமிழ்']);
    await expect(languages.nth(3)).toHaveAttribute('href', '/ta/courses');
    await expect(languages.nth(0)).toHaveAttribute('aria-current', 'true');
  });

  test('page scrolling is locked while the menu is open', async ({ page }) => {
    await openPage(page, '/courses', 'Courses');
    // The page is taller than the viewport, so a wheel would scroll it.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(844 * 1.5);

    await openMenu(page);
    const body = page.locator('body');
    await expect(body).toHaveAttribute('data-scroll-locked', /\d+/);
    await expect(body).toHaveCSS('overflow', 'hidden');
    await page.mouse.move(195, 600);
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Closing the menu unlocks scrolling again.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(body).not.toHaveAttribute('data-scroll-locked');
    await expect(body).not.toHaveCSS('overflow', 'hidden');
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the open menu has one close button, over the burger, and it closes the menu', async ({ page }) => {
    await openPage(page, '/', undefined);
    const burger = page.getByRole('button', { name: 'Open menu' });
    const box = await burger.boundingBox();
    const menu = await openMenu(page);
    await expect(page.getByRole('button', { name: /close/i })).toHaveCount(1);
    // The burger behind the menu is covered, so it is no second way to close it.
    const covered = await menu.evaluate(
      (dialog, point) => dialog.contains(document.elementFromPoint(point.x, point.y)),
      { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
    );
    expect(covered).toBe(true);
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the menu and returns focus to the burger', async ({ page }) => {
    await openPage(page, '/', undefined);
    const menu = await openMenu(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    const burger = page.getByRole('button', { name: 'Open menu' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toBeFocused();
  });

  test('searching from the menu goes to the results and closes the menu', async ({ page }) => {
    await openPage(page, '/about', 'About Us');
    const menu = await openMenu(page);
    await menu.getByRole('textbox', { name: 'Search this site' }).fill('"hands-on practice"');
    await menu.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(`/search?${new URLSearchParams({ q: '"hands-on practice"' })}`);
    await expect(menu).toBeHidden();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Search');
    await expect(main.getByRole('status')).toHaveText('1 result for “hands-on practice”');
    await expect(main.getByRole('link', { name: 'Forklift Operation' })).toBeVisible();
  });

  test('a popular search goes to its results and closes the menu', async ({ page }) => {
    await openPage(page, '/', undefined);
    const menu = await openMenu(page);
    const term = site.popularSearches[0] ?? '';
    await menu.getByRole('link', { name: term, exact: true }).click();
    await expect(page).toHaveURL(`/search?${new URLSearchParams({ q: term })}`);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      new RegExp(`^\\d+ results? for “${term}”$`),
    );
  });

  test('a menu link navigates and closes the menu', async ({ page }) => {
    await openPage(page, '/', undefined);
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: 'e-Services', exact: true }).click();
    await expect(page).toHaveURL('/e-services');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('e-Services');
  });
});
