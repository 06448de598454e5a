import {
  approveMalayFaq,
  draftHeadingAndCourse,
  edited,
  expectDraftsInPreview,
  firstCourse,
  home,
  latestVersion,
  publishDrafts,
  publishEnglishFaqChange,
  restoreVersionBefore,
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
    await expectDraftsInPreview(page, browser);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.heroTitle);

    await page.goto('/dashboard/pages');
    await publishDrafts(page);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited.en.heading);
    await page.goto('/zh-Hans/courses');
    await expect(page.getByText(edited['zh-Hans'].course).first()).toBeVisible();

    // History: the version compared with the one before, then the one before restored.
    await page.goto('/dashboard/pages');
    const latest = await latestVersion(page);
    await page
      .getByRole('region', { name: 'History' })
      .getByRole('button', { name: `Compare version ${latest} with the one before` })
      .click();
    await expect(page.getByRole('list', { name: `Changes in version ${latest}` })).toContainText(
      edited.en.heading,
    );
    await expectNoAxeViolations(page);
    await restoreVersionBefore(page, latest);

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

      await publishEnglishFaqChange(page, faqRow);

      // Leave the public pages as the other tests expect them.
      await restoreVersionBefore(page, await latestVersion(page));
    },
  );
});
