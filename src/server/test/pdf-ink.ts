import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Dots per inch of the rendering: a 9 pt letter is about 19 pixels high. */
const DPI = 150;
/** A pixel this dark or darker is ink (the page's dimmed grey is about 92). */
const INK_BELOW = 200;
/**
 * The widest blank a word may hold, as a share of its box's height: wider than the gaps between
 * letters, narrower than any letter but the thinnest (i, l, punctuation) and than any Han or Tamil
 * character, each about an em.
 */
const WIDEST_GAP = 0.35;
/**
 * In a word with Chinese punctuation (，。：), which fills the left of an em and leaves the rest
 * blank (about half the box's height); a missing Han character leaves a whole em (about 0.7).
 */
const WIDEST_GAP_BESIDE_PUNCTUATION = 0.62;
const CHINESE_PUNCTUATION = /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff1f]/u;

interface WordBox {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const unescapeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** The first page's words with their boxes in points, as Debian's poppler (pdftotext -bbox) finds them. */
async function wordBoxes(file: string): Promise<WordBox[]> {
  const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-']);
  const words = stdout.matchAll(
    /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  );
  return [...words].map(([, left, top, right, bottom, text]) => ({
    text: unescapeXml(text ?? ''),
    left: Number(left),
    top: Number(top),
    right: Number(right),
    bottom: Number(bottom),
  }));
}

/** A PDF's first page's words with their boxes, in points from the page's top left. */
export const pdfWordBoxes = (pdf: Uint8Array) => withPdfFile(pdf, wordBoxes);

/** The first page in grey as poppler draws it (pdftoppm), one byte a pixel. */
async function render(file: string) {
  const { stdout } = await run(
    'pdftoppm',
    ['-gray', '-r', String(DPI), '-f', '1', '-l', '1', '-singlefile', file],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  // A binary PGM: "P5", width, height, the largest value, each after white space, then the pixels.
  const header = stdout
    .subarray(0, 64)
    .toString('latin1')
    .match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error('pdftoppm did not write a grey PGM image');
  const [whole = '', width = '0', height = '0'] = header;
  return { width: Number(width), height: Number(height), pixels: stdout.subarray(whole.length) };
}

/** A PDF's first page as poppler draws it, in grey: to read a QR code printed on it. */
export const pdfFirstPageGrey = (pdf: Uint8Array) => withPdfFile(pdf, render);

/**
 * The words of a PDF's first page that a reader draws with letters missing: text a font's embedded
 * outlines lack is still extracted (so text tests pass), but prints as nothing. A word is found
 * missing glyphs when its box, rendered, holds no ink or a blank wider than a letter.
 */
export function wordsMissingGlyphs(pdf: Uint8Array): Promise<string[]> {
  return withPdfFile(pdf, async (file) => {
    const [words, page] = await Promise.all([wordBoxes(file), render(file)]);
    const scale = DPI / 72;
    const isInk = (x: number, y: number) => (page.pixels[y * page.width + x] ?? 255) < INK_BELOW;
    return words.flatMap((word) => {
      const [left, right] = [
        Math.floor(word.left * scale),
        Math.min(page.width, Math.ceil(word.right * scale)),
      ];
      const [top, bottom] = [
        Math.floor(word.top * scale),
        Math.min(page.height, Math.ceil(word.bottom * scale)),
      ];
      const share = CHINESE_PUNCTUATION.test(word.text) ? WIDEST_GAP_BESIDE_PUNCTUATION : WIDEST_GAP;
      const widestGap = share * (bottom - top);
      let blank = 0;
      let inked = false;
      for (let x = left; x < right; x++) {
        let column = false;
        for (let y = top; y < bottom && !column; y++) column = isInk(x, y);
        blank = column ? 0 : blank + 1;
        inked ||= column;
        if (blank > widestGap) return [word.text];
      }
      return inked ? [] : [word.text];
    });
  });
}

/** `read` of the PDF written to a file of its own, for poppler's tools; the file goes after. */
async function withPdfFile<T>(pdf: Uint8Array, read: (file: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), 'pdf-ink-'));
  try {
    const file = path.join(folder, 'page.pdf');
    await writeFile(file, pdf);
    return await read(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
