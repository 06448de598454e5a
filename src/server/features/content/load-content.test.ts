import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentNames } from '#shared/api/content.ts';
import { translatedLanguages } from '#shared/i18n/languages.ts';
import { ConfigError } from '../../config.ts';
import { loadContent } from './load-content.ts';

const shippedContent = path.resolve('content');
const folders: string[] = [];

/** A copy of the shipped English content, with `files` (path → JSON) written over it. */
function contentWith(files: Record<string, unknown>) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
  folders.push(folder);
  for (const name of contentNames)
    fs.copyFileSync(path.join(shippedContent, `${name}.json`), path.join(folder, `${name}.json`));
  fs.copyFileSync(path.join(shippedContent, 'site.json'), path.join(folder, 'site.json'));
  for (const [file, json] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.writeFileSync(path.join(folder, file), JSON.stringify(json));
  }
  return { siteConfigPath: path.join(folder, 'site.json'), contentDir: folder };
}

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('content in every language', () => {
  it('ships every page translated into every language, each valid', () => {
    const content = loadContent({
      siteConfigPath: path.join(shippedContent, 'site.json'),
      contentDir: shippedContent,
    });

    for (const language of translatedLanguages) {
      for (const name of contentNames) {
        expect(
          fs.existsSync(path.join(shippedContent, language, `${name}.json`)),
          `${language}/${name}.json`,
        ).toBe(true);
      }
      expect(content.inLanguage(language).pages.faq.title).not.toBe(content.pages.faq.title);
      expect(content.inLanguage(language).site.securityContact).toBe(content.site.securityContact);
    }
  });

  it('shows a page a translation lacks in English, and merges a translated brand over the English one', () => {
    const faq = {
      title: 'Soalan Lazim',
      lead: 'Jawapan kepada soalan biasa.',
      items: [{ question: 'Apa?', answer: 'Ini.' }],
    };
    const content = loadContent(
      contentWith({ 'ms/faq.json': faq, 'ms/site.json': { tagline: 'Semak e-Sijil anda.' } }),
    );

    const malay = content.inLanguage('ms');
    expect(malay.pages.faq).toEqual(faq);
    expect(malay.pages.about).toEqual(content.pages.about);
    expect(malay.site.tagline).toBe('Semak e-Sijil anda.');
    expect(malay.site.portalName).toBe(content.site.portalName);
    expect(content.inLanguage('ta').pages.faq).toEqual(content.pages.faq);
  });

  it('refuses to start on an invalid translation, naming its file', () => {
    const options = contentWith({ 'ta/faq.json': { title: 'கேள்விகள்' } });

    expect(() => loadContent(options)).toThrow(ConfigError);
    expect(() => loadContent(options)).toThrow(/ta[/\\]faq\.json: lead/);
  });

  it('refuses a translated brand that changes a setting rather than a text', () => {
    const options = contentWith({ 'zh-Hans/site.json': { securityContact: 'mailto:someone@example.org' } });

    expect(() => loadContent(options)).toThrow(/zh-Hans[/\\]site\.json/);
  });

  it('refuses a folder that is not a language and a file that is not a page', () => {
    expect(() => loadContent(contentWith({ 'zh/faq.json': {} }))).toThrow(
      /zh is not a translation of the site/,
    );
    expect(() => loadContent(contentWith({ 'ms/faqs.json': {} }))).toThrow(
      /faqs\.json is not a page of the site/,
    );
  });
});
