// Which characters of a page no font draws: the fonts Chromium used for each element (DevTools'
// CSS.getPlatformFontsForNode), each font's own character map read with fontkit.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { CDPSession, Page } from '@playwright/test';

type Font = ReturnType<typeof fontkit.create>;

/** Fonts installed on this machine, by PostScript name and by family, as fontconfig lists them. */
const systemFonts = (() => {
  let index: Map<string, { file: string; postscriptName: string }> | undefined;
  return () => {
    if (!index) {
      index = new Map();
      const listed = execFileSync('fc-list', ['--format', '%{file}\t%{postscriptname}\t%{family}\n'], {
        encoding: 'utf8',
      });
      for (const line of listed.split('\n')) {
        const [file = '', postscriptName = '', families = ''] = line.split('\t');
        if (!file) continue;
        for (const name of [postscriptName, ...families.split(',')]) {
          if (name && !index.has(name)) index.set(name, { file, postscriptName });
        }
      }
    }
    return index;
  };
})();

const parsed = new Map<string, Font | null>();
function systemFont(postscriptName: string, family: string): Font | null {
  const listed = systemFonts().get(postscriptName) ?? systemFonts().get(family);
  if (!listed) return null;
  if (!parsed.has(listed.file)) {
    // A collection holds several fonts, picked by PostScript name; a single font takes none.
    const collection = /\.(ttc|otc)$/i.test(listed.file) ? listed.postscriptName : undefined;
    const font = fontkit.create(fs.readFileSync(listed.file), collection);
    parsed.set(listed.file, font);
  }
  return parsed.get(listed.file) ?? null;
}

const builtAssets = path.resolve(import.meta.dirname, '../../dist/client');

/**
 * Records the web font files a page asks for; start it before the page loads. The files are read
 * from our build, where every one must come from (a page that asked elsewhere fails here).
 */
export function watchWebFonts(page: Page) {
  const urls: string[] = [];
  const fonts = new Map<string, Font>();
  page.on('request', (request) => {
    if (request.resourceType() === 'font') urls.push(request.url());
  });
  return {
    urls: () => [...urls],
    fontsOf(family: string): Font[] {
      for (const url of urls) {
        if (fonts.has(url)) continue;
        const file = path.join(builtAssets, new URL(url).pathname);
        if (!file.startsWith(builtAssets) || !fs.existsSync(file))
          throw new Error(`not one of our fonts: ${url}`);
        fonts.set(url, fontkit.create(fs.readFileSync(file)));
      }
      return [...fonts.values()].filter((font) => font.familyName === family);
    },
  };
}

/** Spaces, joiners and selectors: a font need not draw them (they have no glyph of their own). */
const INVISIBLE = /^(?:\s|\p{Default_Ignorable_Code_Point})$/u;

interface Uncovered {
  character: string;
  codePoint: string;
  text: string;
  fonts: string[];
}

/**
 * The characters on `page` that fall to no font: each element's own text, and the `alt`,
 * `aria-label` and `placeholder` texts, drawn for the check in a probe in the element's language.
 */
export async function uncoveredCharacters(page: Page, webFonts: ReturnType<typeof watchWebFonts>) {
  const texts = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.dataset.glyphProbe = '';
    probe.setAttribute('aria-hidden', 'true');
    probe.style.cssText = 'position:absolute;left:0;top:0;white-space:pre';
    for (const element of document.querySelectorAll('[alt], [aria-label], [placeholder]')) {
      for (const name of ['alt', 'aria-label', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (!value) continue;
        const span = document.createElement('span');
        span.lang = element.closest('[lang]')?.getAttribute('lang') ?? '';
        span.textContent = value;
        probe.append(span);
      }
    }
    document.body.append(probe);
    const checked: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || ['SCRIPT', 'STYLE'].includes(parent.tagName)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // Not drawn: hidden, or in a closed disclosure (a menu's links).
      if (range.getClientRects().length === 0 || !parent.checkVisibility({ contentVisibilityAuto: true }))
        continue;
      if (parent.dataset.glyphCheck === undefined) {
        parent.dataset.glyphCheck = String(checked.length);
        checked.push('');
      }
      checked[Number(parent.dataset.glyphCheck)] += node.textContent;
    }
    return checked;
  });
  // Font files the text above asked for arrive, and the page is laid out again with them.
  await page.waitForFunction(() => [...document.fonts].every((face) => face.status !== 'loading'));
  await page.evaluate(
    () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
  );
  const cdp: CDPSession = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: '[data-glyph-check]',
    });
    const uncovered: Uncovered[] = [];
    for (const nodeId of nodeIds) {
      const { attributes = [] } = await cdp.send('DOM.getAttributes', { nodeId });
      const index = Number(attributes[attributes.indexOf('data-glyph-check') + 1]);
      const text = texts[index] ?? '';
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const loaded: Font[] = [];
      for (const used of fonts) {
        if (used.isCustomFont) loaded.push(...webFonts.fontsOf(used.familyName));
        else {
          const font = systemFont(used.postScriptName, used.familyName);
          if (font) loaded.push(font);
        }
      }
      for (const character of new Set(text)) {
        if (INVISIBLE.test(character)) continue;
        const codePoint = character.codePointAt(0) ?? 0;
        if (loaded.some((font) => font.hasGlyphForCodePoint(codePoint))) continue;
        uncovered.push({
          character,
          codePoint: `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`,
          text: text.trim().slice(0, 60),
          fonts: fonts.map((used) => `${used.familyName}${used.isCustomFont ? ' (web)' : ''}`),
        });
      }
    }
    return uncovered;
  } finally {
    await cdp.detach();
  }
}
