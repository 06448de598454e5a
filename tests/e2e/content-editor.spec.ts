import {
  approveMalayFaq,
  draftHeadingAndCourse,
  edited,
  firstCourse,
  home,
  openFile,
  saveDraft,
} from './content-editing.ts';
import { expect, expectNoAxeViolations, staffTest } from './fixtures.ts';
import { adminAccount } from './staff-accounts.ts';

// Publishing changes what every other test reads on the public pages: this file runs on its own,
// after the others (playwright.config.ts), and ends by restoring the content it started from.
staffTest.describe('Pages and brand: an editor changes, previews, publishes and restores', () => {
  staffTest.use({ account: adminAccount });
  staffTest.describe.configure({ mode: 'serial' });

  staffTest('the home heading and a course, in English and Chinese', async ({ page, browser }) => {
    await page.goto('/dashboard/pages');
    await expect(page.getByRole('heading', { level: 1, name: 'Pages and brand' })).toBeVisible();
    await expectNoAxeViolations(page);

    await draftHeadingAndCourse(page);
    await expectNoAxeViolations(page);

    // The preview shows the drafts at a phone's and a desktop's width; the public site does not yet.
    for (const width of [390, 1366]) {
      const preview = await browser.newPage({
        viewport: { width, height: 900 },
        storageState: await page.context().storageState(),
      });
      await preview.goto('/api/content-editor/preview?path=%2F');
      await expect(preview.getByRole('heading', { level: 1 })).toHaveText(edited.en.heading);
      await expect(preview.getByText(edited.en.course).first()).toBeVisible();
      await preview.goto('/api/content-editor/preview?path=%2Fzh-Hans%2Fcourses');
      await expect(preview.getByText(edited['zh-Hans'].course).first()).toBeVisible();
      await preview.close();
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.heroTitle);

    await page.goto('/dashboard/pages');
    await page.getByRole('button', { name: 'Publish all drafts' }).click();
    await expect(page.getByText(/^Published as version \d+\.$/)).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited.en.heading);
    await page.goto('/zh-Hans/courses');
    await expect(page.getByText(edited['zh-Hans'].course).first()).toBeVisible();

    // History: the version compared with the one before, then the one before restored.
    await page.goto('/dashboard/pages');
    const history = page.getByRole('region', { name: 'History' });
    const latest = Number(await history.getByRole('row').nth(1).getByRole('cell').first().innerText());
    await history.getByRole('button', { name: `Compare version ${latest} with the one before` }).click();
    await expect(page.getByRole('list', { name: `Changes in version ${latest}` })).toContainText(
      edited.en.heading,
    );
    await expectNoAxeViolations(page);
    await history.getByRole('button', { name: `Restore version ${latest - 1}` }).click();
    await expect(page.getByText(`Restored as version ${latest + 1}.`)).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.heroTitle);
    await page.goto('/courses');
    await expect(page.getByText(firstCourse).first()).toBeVisible();
  });

  staffTest(
    'a reviewer approves a Malay page; a change to the English marks it outdated',
    async ({ page }) => {
      await page.goto('/dashboard/pages');
      const faqRow = await approveMalayFaq(page, adminAccount.email);
      await expectNoAxeViolations(page);

      await openFile(page, 'faq', 'English');
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Questions people ask');
      await saveDraft(page);
      await page.getByRole('button', { name: 'Publish all drafts' }).click();
      await expect(page.getByText(/^Published as version \d+\.$/)).toBeVisible();
      await expect(faqRow).toContainText('Outdated');
      await expect(faqRow).toContainText('Questions people ask');
      await expectNoAxeViolations(page);

      // Leave the public pages as the other tests expect them.
      const history = page.getByRole('region', { name: 'History' });
      const latest = Number(await history.getByRole('row').nth(1).getByRole('cell').first().innerText());
      await history.getByRole('button', { name: `Restore version ${latest - 1}` }).click();
      await expect(page.getByText(`Restored as version ${latest + 1}.`)).toBeVisible();
    },
  );
});
