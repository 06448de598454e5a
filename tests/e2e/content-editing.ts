/** What the Pages and brand tests edit, and the steps they share. */
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, readContent } from './fixtures.ts';

export const home = readContent<{ heroTitle: string }>('home');
const courses = readContent<{ cards: { title: string }[] }>('courses');
export const firstCourse = courses.cards[0]?.title ?? '';

export const edited = {
  en: { heading: 'Check any e-Cert in a moment', course: 'Safety at Work, Level 1' },
  'zh-Hans': { heading: '片刻之间核查任何电子证书', course: '工作场所安全（一级）' },
};

export async function openFile(page: Page, name: string, language: string) {
  await page.getByRole('combobox', { name: 'Page' }).selectOption(name);
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: language });
  await expect(page.getByRole('form', { name: new RegExp(`^${name} in ${language}$`) })).toBeVisible();
}

export async function saveDraft(page: Page) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(/^Draft saved by/)).toBeVisible();
}

/** Approves the Malay FAQ in Translation review, as `reviewer`; its row, to follow its state. */
export async function approveMalayFaq(page: Page, reviewer: string) {
  const review = page.getByRole('region', { name: 'Translation review' });
  await review.getByRole('combobox', { name: 'Translation' }).selectOption({ label: 'Bahasa Melayu' });
  const faqRow = review
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'faq', exact: true }) });
  await expect(faqRow).toContainText('Prepared for review');
  await faqRow.getByRole('button', { name: 'Approve faq in Bahasa Melayu' }).click();
  await expect(faqRow).toContainText(`Approved by ${reviewer}`);
  return faqRow;
}

/** Drafts the edited home heading and first course, in English and in Chinese. */
export async function draftHeadingAndCourse(page: Page) {
  for (const [language, name] of [
    ['en', 'English'],
    ['zh-Hans', '简体中文'],
  ] as const) {
    await openFile(page, 'home', name);
    await page.getByRole('textbox', { name: 'Hero title' }).fill(edited[language].heading);
    await saveDraft(page);
    await openFile(page, 'courses', name);
    await page
      .getByRole('group', { name: 'Cards 1' })
      .getByRole('textbox', { name: 'Title', exact: true })
      .fill(edited[language].course);
    await saveDraft(page);
  }
}

/** The drafts in the preview at a phone's and a desktop's width, on the server at `origin`. */
export async function expectDraftsInPreview(page: Page, browser: Browser, origin = '') {
  for (const width of [390, 1366]) {
    const preview = await browser.newPage({
      viewport: { width, height: 900 },
      storageState: await page.context().storageState(),
    });
    await preview.goto(`${origin}/api/content-editor/preview?path=%2F`);
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(edited.en.heading);
    await expect(preview.getByText(edited.en.course).first()).toBeVisible();
    await preview.goto(`${origin}/api/content-editor/preview?path=%2Fzh-Hans%2Fcourses`);
    await expect(preview.getByText(edited['zh-Hans'].course).first()).toBeVisible();
    await preview.close();
  }
}

export async function publishDrafts(page: Page) {
  await page.getByRole('button', { name: 'Publish all drafts' }).click();
  await expect(page.getByText(/^Published as version \d+\.$/)).toBeVisible();
}

/** The number of the newest version in History. */
export async function latestVersion(page: Page) {
  const history = page.getByRole('region', { name: 'History' });
  return Number(await history.getByRole('row').nth(1).getByRole('cell').first().innerText());
}

/** Restores the version before the newest, which becomes a version of its own. */
export async function restoreVersionBefore(page: Page, latest: number) {
  const history = page.getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: `Restore version ${latest - 1}` }).click();
  await expect(page.getByText(`Restored as version ${latest + 1}.`)).toBeVisible();
}

/** Publishes a change to the English FAQ: the Malay translation approved in `faqRow` is then outdated. */
export async function publishEnglishFaqChange(page: Page, faqRow: Locator) {
  await openFile(page, 'faq', 'English');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Questions people ask');
  await saveDraft(page);
  await publishDrafts(page);
  await expect(faqRow).toContainText('Outdated');
  await expect(faqRow).toContainText('Questions people ask');
  await expectNoAxeViolations(page);
}
