import zlib from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, type PDFRef } from 'pdf-lib';

/** One text-showing operator of a page: the font it names and the glyph ids it draws. */
export interface DrawnText {
  font: string;
  glyphs: number[];
}

const streamText = (stream: PDFRawStream) => {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const bytes = stream.getContents();
  return Buffer.from(String(filter) === '/FlateDecode' ? zlib.inflateSync(bytes) : bytes).toString('latin1');
};

/**
 * What the first page draws in fonts that pdf-lib embeds (Identity-H: two bytes a glyph, glyph 0
 * is `.notdef`, the empty box a reader shows for a character the font lacks). A reader's own
 * Helvetica is left out: pdf-lib cannot encode a character it lacks.
 */
export async function embeddedGlyphs(bytes: Uint8Array): Promise<DrawnText[]> {
  const page = (await PDFDocument.load(bytes)).getPage(0);
  const context = page.doc.context;
  const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
  const baseFont = (key: string) => {
    const ref = fonts?.get(PDFName.of(key));
    const font = ref ? context.lookup(ref, PDFDict) : undefined;
    const subtype = String(font?.get(PDFName.of('Subtype')));
    return subtype === '/Type0' ? String(font?.get(PDFName.of('BaseFont'))) : null;
  };
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => context.lookup(ref as PDFRef) as PDFRawStream)
      : [contents as PDFRawStream];
  const drawn: DrawnText[] = [];
  let font: string | null = null;
  const operators = /\/([^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g;
  for (const stream of streams) {
    for (const match of streamText(stream).matchAll(operators)) {
      if (match[1]) font = baseFont(match[1]);
      else if (font && match[2] !== undefined) {
        const glyphs = match[2].match(/.{4}/g)?.map((hex) => Number.parseInt(hex, 16)) ?? [];
        drawn.push({ font, glyphs });
      }
    }
  }
  return drawn;
}
