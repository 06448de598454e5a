/** What the Pages and brand tests edit, and the steps they share. */
import type { Page } from '@playwright/test';
import { expect, readContent } from './fixtures.ts';

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
