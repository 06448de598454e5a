import { DEMO_PAIRS } from '../../src/server/features/demo/demo-people.ts';
import { languages, pathIn } from '../../src/shared/i18n/languages.ts';
import {
  cutButtonLabels,
  expect,
  expectNoAxeViolations,
  openPage,
  staffTest,
  tabTo,
  test,
} from './fixtures.ts';
import { adminAccount } from './staff-accounts.ts';
import { translator } from './translations.ts';

// The widths a newcomer tried: a 390px phone cut the staff tables off with no sign they scroll.
const phone = { width: 390, height: 844 };
const LOADED = { timeout: 15_000 };

staffTest.describe('staff tables on a 390px phone', () => {
  staffTest.use({ account: adminAccount, viewport: phone });

  for (const [path, heading] of [
    ['/dashboard/users', 'Users'],
    ['/dashboard/audit', 'Audit trail'],
  ] as const) {
    staffTest(`${heading}: says it scrolls sideways, and scrolls by keyboard`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, LOADED);
      await expect(page.getByText('Scroll sideways to see every column →')).toBeVisible();
      const box = page.getByRole('region', { name: `${heading} (scrolls sideways)` });
      const last = box.getByRole('columnheader').last();
      await expect(last).not.toBeInViewport({ ratio: 1 });

      await tabTo(page, box);
      const lastShown = () =>
        last.evaluate((cell) => cell.getBoundingClientRect().right <= window.innerWidth);
      for (let presses = 0; presses < 30 && !(await lastShown()); presses += 1)
        await page.keyboard.press('ArrowRight');
      expect(await lastShown()).toBe(true);
      expect(await box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    });
  }
});

test.describe('the feedback button on a 390px phone', () => {
  test.use({ viewport: phone });

  test('covers no text of /courses anywhere on the way down', async ({ page }) => {
    await openPage(page, '/courses', 'Courses');
    const button = page.getByRole('button', { name: 'Give feedback' });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 300) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const box = await button.boundingBox();
      if (!box || box.y > phone.height || box.y + box.height < 0) continue;
      // Every text node's own boxes, which a glyph-free margin of its element would not have.
      const covered = await page.evaluate((b) => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        const hits: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || node.parentElement?.closest('[aria-label="Give feedback"]'))
            continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) {
            if (r.left < b.x + b.width && r.right > b.x && r.top < b.y + b.height && r.bottom > b.y)
              hits.push(node.textContent.trim().slice(0, 40));
          }
        }
        return hits;
      }, box);
      expect(covered, `scrolled to ${y}px`).toEqual([]);
    }
  });
});

test.describe('the human check on a 390px phone', () => {
  test.use({ viewport: phone });

  for (const language of languages) {
    test(`${language}: every button's words fit, before and during the countdown`, async ({ page }) => {
      const t = translator(language);
      const [pair] = DEMO_PAIRS;
      await openPage(page, pathIn(language, '/verify'), t('Check e-Cert Validity'));
      const main = page.getByRole('main');
      await main.getByRole('textbox', { name: t('NRIC/FIN/Other identification no.') }).fill(pair.finNumber);
      await main.getByRole('textbox', { name: t('e-Cert serial no.') }).fill(pair.eCertNumber);
      await main.getByRole('button', { name: t('Verify e-Cert'), exact: true }).click();

      // The browser solves the server's real proof of work first; VERIFY_WAIT_SECONDS is 2.
      const dialog = page.getByRole('dialog', { name: t('Human verification') });
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      expect(await cutButtonLabels(dialog), 'before the wait').toEqual([]);
      await dialog.getByRole('button', { name: t('Verify Human') }).click();
      const counting = t('Wait {secondsLeft}s...').replace('{secondsLeft}', '2');
      await expect(dialog.getByRole('button', { name: counting })).toBeVisible();
      expect(await cutButtonLabels(dialog), 'while counting down').toEqual([]);
      await expectNoAxeViolations(page);
    });
  }
});
