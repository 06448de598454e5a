import sharp from 'sharp';
import {
  approveMalayFaq,
  draftHeadingAndCourse,
  edited,
  expectDraftsInPreview,
  firstCourse,
  home,
  latestVersion,
  openFile,
  publishDrafts,
  publishEnglishFaqChange,
  restoreVersionBefore,
  saveDraft,
} from './content-editing.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { editorAccount, startTwoInstances, type TwoInstances } from './two-instances.ts';

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

    await expectDraftsInPreview(page, browser, a);
    const visitor = await browser.newPage();
    await visitor.goto(`${b}/`);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(home.heroTitle);

    await publishDrafts(page);

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

    await restoreVersionBefore(page, await latestVersion(page));
    await expect(async () => {
      await visitor.goto(`${b}/`);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(home.heroTitle, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await visitor.goto(`${b}/courses`);
    await expect(visitor.getByText(firstCourse).first()).toBeVisible();
    await visitor.close();

    // The editor reviews the Malay translation; a later English change shows it outdated.
    await publishEnglishFaqChange(page, await approveMalayFaq(page, editorAccount.email));
  });
});
