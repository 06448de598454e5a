// @pdf-lib/fontkit's Indic shaper (Tamil) was compiled expecting Babel's regenerator global.
import 'regenerator-runtime/runtime.js';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);

/** Noto fonts (SIL Open Font License) from npm: one per script a holder's name may be written in. */
const fontFiles = {
  latin: () => require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  latinBold: () => require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  chinese: () => require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  tamil: () => require.resolve('@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf'),
} as const;
type FontName = keyof typeof fontFiles;

const loaded = new Map<FontName, Promise<Buffer>>();
const fontBytes = (name: FontName) => {
  let bytes = loaded.get(name);
  if (!bytes) {
    bytes = readFile(fontFiles[name]());
    loaded.set(name, bytes);
  }
  return bytes;
};

/** The font that writes `text`: Chinese or Tamil when it holds those scripts, else Latin. */
const scriptOf = (text: string, bold: boolean): FontName =>
  /\p{Script=Han}/u.test(text)
    ? 'chinese'
    : /\p{Script=Tamil}/u.test(text)
      ? 'tamil'
      : bold
        ? 'latinBold'
        : 'latin';

/**
 * Fonts for one document, embedded on first use and subset to the glyphs drawn, so a page with a
 * Chinese name carries a few kilobytes of the 10 MB font, and a page without one none of it.
 */
export function documentFonts(document: PDFDocument) {
  document.registerFontkit(fontkit);
  const embedded = new Map<FontName, Promise<PDFFont>>();
  return (text: string, bold = false): Promise<PDFFont> => {
    const name = scriptOf(text, bold);
    let font = embedded.get(name);
    if (!font) {
      font = fontBytes(name).then((bytes) => document.embedFont(bytes, { subset: true }));
      embedded.set(name, font);
    }
    return font;
  };
}
