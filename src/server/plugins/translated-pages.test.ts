import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Language, translatedLanguages } from '#shared/i18n/languages.ts';
import type { RenderPage } from '#shared/rendered-page.ts';
import { insertPerson } from '../test/people.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createServerRender, loadRenderPage } from './server-render.ts';

const template =
  '<html lang="en"><head><title>Portal</title></head><body><div id="page"></div></body></html>';

/** Each message of the public catalog of `language`, by its English text (the catalogs' .po files). */
function catalog(language: Language): Map<string, string> {
  const po = fs.readFileSync(`src/client/locales/${language}.po`, 'utf8');
  const unquote = (text: string) => JSON.parse(`"${text}"`) as string;
  return new Map(
    [...po.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)].map(([, id = '', text = '']) => [
      unquote(id),
      unquote(text),
    ]),
  );
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** English texts of the catalog that the page shows whole: as an element's text or an attribute. */
function englishLeftIn(page: string, language: Language, recordData: string[] = []) {
  const html = page.replaceAll(/ class="[^"]*"/g, ''); // class names are no text
  return [...catalog(language)]
    .filter(([english, translated]) => english !== translated && !english.includes('{'))
    .filter(([english]) => !recordData.includes(english))
    .map(([english]) => escapeHtml(english).replaceAll("'", '&#x27;'))
    .filter((english) => html.includes(`>${english}<`) || html.includes(`="${english}"`));
}

describe('public pages rendered on the server in each language', () => {
  let testApp: TestApp;
  let renderPage: RenderPage;
  const request = (url: string) => ({ url, ip: '203.0.113.9', log: testApp.app.log }) as never;
  const render = (url: string) =>
    createServerRender(testApp.app, template, renderPage).serve(request(url), true);

  beforeAll(async () => {
    const built = await loadRenderPage();
    if (!built) throw new Error('No dist/render/entry-server.js: run `npm run build` first.');
    renderPage = built;
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each([
    ['zh-Hans', '核查电子证书有效性', '验证电子证书'],
    ['ms', 'Semak Kesahan e-Sijil', 'Sahkan e-Sijil'],
    ['ta', 'மின்-சான்றிதழின் செல்லுபடியைச் சரிபாருங்கள்', 'மின்-சான்றிதழைச் சரிபாருங்கள்'],
  ] as const)(
    '/%s/verify: its heading, form and button translated, no English text of the catalog',
    async (language, heading, button) => {
      const page = await render(`/${language}/verify`);

      expect(page?.html).toContain(`<h1`);
      expect(page?.html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(page?.html).toContain(`<title>${heading} | `);
      expect(page?.html).toContain(`>${button}<`);
      expect(englishLeftIn(page?.html ?? '', language)).toEqual([]);
    },
  );

  it.each(['zh-Hans', 'ms', 'ta'] as const)(
    'in %s, every public page shows no English text of the catalog',
    async (language) => {
      const paths = [
        '/',
        '/about',
        '/faq',
        '/contact',
        '/search?q=course',
        '/verify-credential',
        '/no-such-page',
      ];
      for (const path of paths) {
        const page = await render(`/${language}${path}`);
        expect(englishLeftIn(page?.html ?? '', language), path).toEqual([]);
      }
    },
  );

  it.each([
    ['zh-Hans', '已验证信息', '1990年5月17日'],
    ['ms', 'Maklumat Disahkan', '17 Mei 1990'],
    ['ta', 'சரிபார்க்கப்பட்ட தகவல்', '17 மே, 1990'],
  ] as const)(
    'a record page in %s: its badge and dates in the language, the record as stored',
    async (language, badge, dob) => {
      const { id } = await insertPerson(testApp.database.db, { name: 'Tan Ah Kow', dob: '1990-05-17' });
      const page = await render(`/${language}/info/${id}`);

      expect(page?.html).toContain(`>${badge}<`);
      expect(page?.html).toContain(`>${dob}<`);
      expect(page?.html).toContain('>Tan Ah Kow<');
      // The record's result is its data, shown as stored, though it reads like the checker's word.
      expect(englishLeftIn(page?.html ?? '', language, ['Passed'])).toEqual([]);
    },
  );

  it("the browser's build: no catalog in a page's first scripts, each language's catalog a chunk of its own", () => {
    type Chunk = { file: string; imports?: string[]; isDynamicEntry?: boolean };
    const manifest = JSON.parse(fs.readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
      string,
      Chunk
    >;
    const firstPaint = new Set<string>();
    const visit = (key: string) => {
      if (firstPaint.has(key)) return;
      firstPaint.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    visit('page.html');
    const firstFiles = [...firstPaint].map((key) => manifest[key]?.file ?? '');

    expect(firstFiles.filter((file) => /\/(en|zh-Hans|ms|ta)-[\w-]+\.js$/.test(file))).toEqual([]);
    for (const language of translatedLanguages) {
      expect(manifest[`locales/${language}.ts`], language).toMatchObject({ isDynamicEntry: true });
    }
  });

  it('renders in English at the bare address, word for word', async () => {
    const page = await render('/verify');

    expect(page?.html).toMatch(/<h1[^>]*>Check e-Cert Validity<\/h1>/);
    expect(page?.html).toContain('>Verify e-Cert<');
    expect(page?.html).toContain('aria-label="1 of 6"');
  });

  it('gives every render its own language: pages in four languages rendered at once each stay in theirs', async () => {
    const pages = await Promise.all(['/ta/verify', '/verify', '/zh-Hans/verify', '/ms/verify'].map(render));

    expect(pages.map((page) => /<h1[^>]*>([^<]*)<\/h1>/.exec(page?.html ?? '')?.[1])).toEqual([
      'மின்-சான்றிதழின் செல்லுபடியைச் சரிபாருங்கள்',
      'Check e-Cert Validity',
      '核查电子证书有效性',
      'Semak Kesahan e-Sijil',
    ]);
  });
});
