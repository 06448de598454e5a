import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { DEMO_PAIRS } from '../../src/server/features/demo/demo-people.ts';
import { fontFiles } from '../../src/server/features/e-cert-pdf/noto-font-files.ts';
import { languageNames, pathIn } from '../../src/shared/i18n/languages.ts';
import { expect, openPage, test, verifyByApi } from './fixtures.ts';
import { uncoveredCharacters, watchWebFonts } from './glyph-coverage.ts';

const [pair] = DEMO_PAIRS;

for (const language of ['ta', 'zh-Hans'] as const) {
  test(`every character of the ${language} pages has a font that draws it`, async ({ page, request }) => {
    const id = await verifyByApi(request, pair);
    const webFonts = watchWebFonts(page);
    for (const pagePath of ['/', '/verify', `/info/${id}`, '/verify-credential']) {
      await openPage(page, pathIn(language, pagePath));
      const uncovered = await uncoveredCharacters(page, webFonts);
      expect(uncovered, `characters no font draws on ${page.url()}`).toEqual([]);
    }
  });
}

/**
 * A browser that knows only the fonts given, as a device without Chinese or Tamil fonts (one Latin
 * font) or with one of our web fonts installed: fontconfig, which Chromium on Linux asks for fonts,
 * reads a configuration naming only their folder.
 */
async function browserWithFonts(files: string[]) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fonts-'));
  for (const file of files) fs.copyFileSync(file, path.join(folder, path.basename(file)));
  const config = path.join(folder, 'fonts.conf');
  fs.writeFileSync(
    config,
    `<?xml version="1.0"?><fontconfig><dir>${folder}</dir><cachedir>${folder}/cache</cachedir></fontconfig>`,
  );
  const { launchOptions } = test.info().project.use;
  return chromium.launch({ ...launchOptions, env: { ...process.env, FONTCONFIG_FILE: config } });
}

const latinFont = () =>
  execFileSync('fc-match', ['--format', '%{file}', 'sans-serif:lang=en'], { encoding: 'utf8' });

const fontSheets = (page: Page) =>
  page
    .locator('link[rel="stylesheet"][href*="/fonts-"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));

test('with no Chinese or Tamil font on the device, our own web fonts draw those pages', async ({
  baseURL,
}) => {
  const browser = await browserWithFonts([latinFont()]);
  try {
    const page = await browser.newPage({ baseURL });
    for (const [language, sheet] of [
      ['zh-Hans', /^\/assets\/fonts-zh-hans-[\w-]+\.css$/],
      ['ta', /^\/assets\/fonts-ta-[\w-]+\.css$/],
    ] as const) {
      const webFonts = watchWebFonts(page);
      await openPage(page, pathIn(language, '/verify'));
      expect(await fontSheets(page)).toEqual([expect.stringMatching(sheet)]);
      expect(await uncoveredCharacters(page, webFonts), language).toEqual([]);
      const fetched = webFonts.urls();
      expect(fetched.length, `${language}: web font files fetched`).toBeGreaterThan(0);
      for (const url of fetched) expect(url).toMatch(new RegExp(`^${baseURL}/assets/[\\w-]+\\.woff2$`));
    }

    const webFonts = watchWebFonts(page);
    await openPage(page, '/verify');
    expect(await fontSheets(page)).toEqual([]);
    // The switcher names each language in its own script, with fonts of those names' glyphs alone.
    await page.getByRole('banner').locator('summary').click();
    await expect(page.getByRole('banner').getByRole('link', { name: languageNames.ta })).toBeVisible();
    expect(await uncoveredCharacters(page, webFonts), 'the language switcher').toEqual([]);
    for (const url of webFonts.urls())
      expect(url).toMatch(new RegExp(`^${baseURL}/assets/language-name-(zh-hans|ta)-[\\w-]+\\.woff2$`));
  } finally {
    await browser.close();
  }
});

test('a device with Noto Sans Tamil of its own draws with it and fetches none of ours', async ({
  baseURL,
}) => {
  const installed = fontFiles.tamil();
  const browser = await browserWithFonts([latinFont(), installed]);
  try {
    const page = await browser.newPage({ baseURL });
    const webFonts = watchWebFonts(page);
    await openPage(page, pathIn('ta', '/verify'));
    await expect(page.getByRole('main')).toContainText(/\p{Script=Tamil}/u);
    const regular = webFonts.urls().filter((url) => /noto-sans-tamil-tamil-400-normal/.test(url));
    expect(regular).toEqual([]);
  } finally {
    await browser.close();
  }
});
