import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoAxeViolations, readContent, staffTest, test } from './fixtures.ts';
import { adminAccount } from './staff-accounts.ts';
import { editorAccount, startTwoInstances, type TwoInstances } from './two-instances.ts';

const home = readContent<{ heroTitle: string }>('home');
const courses = readContent<{ cards: { title: string }[] }>('courses');
const firstCourse = courses.cards[0]?.title ?? '';

const edited = {
  en: { heading: 'Check any e-Cert in a moment', course: 'Safety at Work, Level 1' },
  'zh-Hans': { heading: '片刻之间核查任何电子证书', course: '工作场所安全（一级）' },
};

async function openFile(page: Page, name: string, language: string) {
  await page.getByRole('combobox', { name: 'Page' }).selectOption(name);
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: language });
  await expect(page.getByRole('form', { name: new RegExp(`^${name} in ${language}$`) })).toBeVisible();
}

async function saveDraft(page: Page) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(/^Draft saved by/)).toBeVisible();
}

/** Approves the Malay FAQ in Translation review, as `reviewer`; its row, to follow its state. */
async function approveMalayFaq(page: Page, reviewer: string) {
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
async function draftHeadingAndCourse(page: Page) {
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

// The issuer's own office: an editor (no other staff rights) on instance A of two that share one
// PostgreSQL database; B stands for every other instance behind the load balancer.
test.describe('an editor publishes on one instance and another serves it', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let instances: TwoInstances;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    instances = await startTwoInstances(Number(process.env.E2E_PORT ?? 3100));
  });
  test.afterAll(async () => {
    await instances?.close();
  });

  test('changes the heading, a course and the logo, previews, publishes, restores; reviews Malay', async ({
    page,
    browser,
    consoleGuard,
  }) => {
    const [a, b] = instances.urls;
    await page.goto(`${a}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(editorAccount.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(editorAccount.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // An editor's dashboard is the pages and their account, nothing they would be refused.
    await expect(page).toHaveURL(`${a}/dashboard/pages`);
    const sidebar = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Account' }) });
    await expect(sidebar.getByRole('link')).toHaveText(['Pages and brand', 'Account', 'Home']);
    // The page's own request may start before the redirect: the server refuses it, as it should.
    consoleGuard.allow(/status of 403 .*\/api\/people\?/);
    await page.goto(`${a}/dashboard/peoples`);
    await expect(page).toHaveURL(`${a}/dashboard/pages`);
    await expectNoAxeViolations(page);

    await draftHeadingAndCourse(page);

    // The logo: a text file is refused with the field named; a PNG is taken and drafted.
    await openFile(page, 'site', 'English');
    const logoUpload = page.getByRole('button', { name: 'Upload image for logo.src' });
    const chooseFile = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await logoUpload.click();
      await (await chooser).setFiles(file);
    };
    consoleGuard.allow(/status of 415 .*\/api\/content-editor\/images\?field=logo\.src/);
    await chooseFile({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await expect(
      page.getByText('The image for logo.src must be a PNG, JPEG, WebP or GIF image.'),
    ).toBeVisible();
    const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#0b7a3e' } })
      .png()
      .toBuffer();
    await chooseFile({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    const logoField = page
      .getByRole('group', { name: 'Logo', exact: true })
      .getByRole('textbox', { name: 'Image address' });
    await expect(logoField).toHaveValue(/^\/brand-images\/[0-9a-f]{64}\.png$/);
    const logoSrc = await logoField.inputValue();
    await saveDraft(page);
    await expectNoAxeViolations(page);

    for (const width of [390, 1366]) {
      const preview = await browser.newPage({
        viewport: { width, height: 900 },
        storageState: await page.context().storageState(),
      });
      await preview.goto(`${a}/api/content-editor/preview?path=%2F`);
      await expect(preview.getByRole('heading', { level: 1 })).toHaveText(edited.en.heading);
      await expect(preview.getByText(edited.en.course).first()).toBeVisible();
      await preview.goto(`${a}/api/content-editor/preview?path=%2Fzh-Hans%2Fcourses`);
      await expect(preview.getByText(edited['zh-Hans'].course).first()).toBeVisible();
      await preview.close();
    }
    const visitor = await browser.newPage();
    await visitor.goto(`${b}/`);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(home.heroTitle);

    await page.getByRole('button', { name: 'Publish all drafts' }).click();
    await expect(page.getByText(/^Published as version \d+\.$/)).toBeVisible();

    // B serves the change within seconds of A's publishing, the uploaded logo included.
    await expect(async () => {
      await visitor.goto(`${b}/`);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(edited.en.heading, {
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });
    const shownLogo = visitor.locator(`img[src="${logoSrc}"]`).first();
    await expect(shownLogo).toBeVisible();
    expect(await shownLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    await visitor.goto(`${b}/zh-Hans/courses`);
    await expect(visitor.getByText(edited['zh-Hans'].course).first()).toBeVisible();

    const history = page.getByRole('region', { name: 'History' });
    const latest = Number(await history.getByRole('row').nth(1).getByRole('cell').first().innerText());
    await history.getByRole('button', { name: `Restore version ${latest - 1}` }).click();
    await expect(page.getByText(`Restored as version ${latest + 1}.`)).toBeVisible();
    await expect(async () => {
      await visitor.goto(`${b}/`);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(home.heroTitle, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await visitor.goto(`${b}/courses`);
    await expect(visitor.getByText(firstCourse).first()).toBeVisible();
    await visitor.close();

    // The editor reviews the Malay translation; a later English change shows it outdated.
    const faqRow = await approveMalayFaq(page, editorAccount.email);
    await openFile(page, 'faq', 'English');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Questions people ask');
    await saveDraft(page);
    await page.getByRole('button', { name: 'Publish all drafts' }).click();
    await expect(page.getByText(/^Published as version \d+\.$/)).toBeVisible();
    await expect(faqRow).toContainText('Outdated');
    await expect(faqRow).toContainText('Questions people ask');
    await expectNoAxeViolations(page);
  });
});
