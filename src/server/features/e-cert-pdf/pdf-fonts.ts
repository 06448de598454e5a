// @pdf-lib/fontkit's Indic shaper (Tamil) was compiled expecting Babel's regenerator global.
import 'regenerator-runtime/runtime.js';
import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { type PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { fontFiles } from './noto-font-files.ts';

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

type Font = ReturnType<typeof fontkit.create>;
type Subset = ReturnType<Font['createSubset']>;
/** fontkit's TrueType subset, as far as it is read and written here. */
interface GlyphTableSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(glyphId: number): number;
}

/**
 * A subset whose glyphs each start at a multiple of four bytes. fontkit copies glyphs as they are
 * and writes a small subset's `loca` in its short form, which stores offsets halved: a glyph of odd
 * length (Noto Sans SC and Noto Sans have many) shifts every glyph after it by a byte, and readers
 * draw those as nothing (docs/decisions/0024).
 */
function withAlignedGlyphs(subset: Subset): Subset {
  const table = subset as unknown as GlyphTableSubset;
  if (typeof table._addGlyph !== 'function') return subset;
  const addGlyph = table._addGlyph.bind(subset);
  table._addGlyph = (glyphId) => {
    const index = addGlyph(glyphId);
    const glyph = table.glyf[index];
    const padding = glyph ? (4 - (glyph.length % 4)) % 4 : 0;
    if (glyph && padding > 0) {
      // fontkit's own Buffer class: its encoder takes no other.
      const padded = (glyph.constructor as typeof Buffer).alloc(glyph.length + padding);
      padded.set(glyph);
      table.glyf[index] = padded;
      table.offset += padding;
    }
    return index;
  };
  return subset;
}

/**
 * fontkit as pdf-lib uses it, but parsing each font file once per process (parsing the Chinese
 * font took longer than drawing the whole page) and with aligned subsets. A parsed font is only
 * read after; each document makes its own subset of it.
 */
const parsedFonts = new WeakMap<Uint8Array, Font>();
const parsedOnce: typeof fontkit = {
  ...fontkit,
  create(bytes, postscriptName) {
    let font = parsedFonts.get(bytes);
    if (!font) {
      const parsed = fontkit.create(bytes, postscriptName);
      const createSubset = parsed.createSubset.bind(parsed);
      parsed.createSubset = () => withAlignedGlyphs(createSubset());
      font = parsed;
      parsedFonts.set(bytes, font);
    }
    return font;
  },
};

/** Text every PDF reader writes with its own Helvetica (WinAnsi: Latin-1 and a few more). */
const WIN_ANSI = /^[\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]*$/;

/**
 * The font that writes `text`: the reader's Helvetica when it can (nothing embedded, nothing
 * shaped: measuring text in an embedded font runs its whole layout), else the Noto font of its
 * script.
 */
const fontOf = (text: string, bold: boolean): FontName | StandardFonts =>
  WIN_ANSI.test(text)
    ? bold
      ? StandardFonts.HelveticaBold
      : StandardFonts.Helvetica
    : /\p{Script=Han}/u.test(text)
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
  document.registerFontkit(parsedOnce);
  const embedded = new Map<FontName | StandardFonts, Promise<PDFFont>>();
  return (text: string, bold = false): Promise<PDFFont> => {
    const name = fontOf(text, bold);
    let font = embedded.get(name);
    if (!font) {
      font =
        name in fontFiles
          ? fontBytes(name as FontName).then((bytes) => document.embedFont(bytes, { subset: true }))
          : document.embedFont(name as StandardFonts);
      embedded.set(name, font);
    }
    return font;
  };
}
