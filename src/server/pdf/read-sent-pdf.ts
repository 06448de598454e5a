import { PDFArray, type PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readAttachedCredential } from './attached-credential.ts';
import { DAMAGED, inflateBounded, loadUntrustedPdf, UnreadablePdf } from './load-untrusted-pdf.ts';

/**
 * Ours have about 20 objects; a tool that re-saves one without object streams, about 60. A file of
 * thousands of tiny objects is not an e-Cert, and each costs the parser work.
 */
const MAX_OBJECTS = 1000;
/** Every stream inflated once, before PDF.js reads the page: ours come to about 100 kB. */
const MAX_INFLATED_BYTES = 8 * 1024 * 1024;
/** The drawing of our page is 3–5 kB: one fifty times larger holds more than any reader should parse. */
const MAX_PAGE_CONTENT_BYTES = 256 * 1024;
const TOO_MUCH_DRAWN = 'This PDF draws far more on its page than an e-Cert does, so it was not read.';

/** A piece of text drawn on the page, where it stands (points) and its font size. */
export interface PrintedText {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  /** Drawn at an angle, like the REVOKED stamp across a revoked e-Cert. */
  rotated: boolean;
}

/** What a person reads on the PDF: its first page's text, and what else might show beside it. */
export interface PrintedPage {
  pages: number;
  /** Notes, stamps and form fields drawn over the page by a reader (ours have none). */
  annotations: number;
  texts: PrintedText[];
}

export interface SentPdfReading {
  credentialText: string | null;
  /** Null when the page could not be read: then nothing printed was compared. */
  page: PrintedPage | null;
}

const count = (bytes: Buffer, word: string, limit: number) => {
  let found = 0;
  for (let at = bytes.indexOf(word); at !== -1 && found <= limit; at = bytes.indexOf(word, at + word.length))
    found += 1;
  return found;
};

/**
 * Refuses in linear time what no PDF writer makes: no cross-reference section or trailer, or
 * thousands of objects. pdf-lib recovers from each broken object by scanning on, so such files
 * cost it time that grows with the square of their size.
 */
function refuseHostileStructure(bytes: Buffer) {
  if (bytes.indexOf('trailer') === -1 && bytes.indexOf('startxref') === -1) throw new UnreadablePdf(DAMAGED);
  if (count(bytes, 'endobj', MAX_OBJECTS) > MAX_OBJECTS) throw new UnreadablePdf(DAMAGED);
}

const DCT = PDFName.of('DCTDecode');

/**
 * PDF.js inflates what it reads without a bound, and its time grows with what the page draws:
 * every stream must fit one budget first, and the first page's drawing a smaller one.
 */
function boundStreams(document: PDFDocument) {
  let inflated = 0;
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    // A photo stays compressed: reading text never decodes an image.
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Filter')) === DCT) continue;
    inflated += inflateBounded(object, MAX_INFLATED_BYTES - inflated).length;
  }
  const contents = document.getPageCount() > 0 ? document.getPage(0).node.Contents() : undefined;
  const drawings = contents instanceof PDFArray ? contents.asArray() : [contents];
  let drawn = 0;
  for (const drawing of drawings) {
    const stream = drawing && document.context.lookup(drawing);
    if (stream instanceof PDFRawStream)
      drawn += inflateBounded(stream, MAX_PAGE_CONTENT_BYTES - drawn, TOO_MUCH_DRAWN).length;
  }
}

async function printedPage(bytes: Buffer): Promise<PrintedPage> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    isEvalSupported: false,
    stopAtErrors: true,
    verbosity: 0,
  }).promise;
  try {
    const page = await document.getPage(1);
    const content = await page.getTextContent();
    const texts: PrintedText[] = [];
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const [a, b, c, d, x, y] = item.transform as number[];
      texts.push({
        text: item.str,
        x: x ?? 0,
        y: y ?? 0,
        width: item.width,
        size: Math.hypot(c ?? 0, d ?? 0),
        rotated: Math.abs(b ?? 0) > 1e-6 || Math.abs(c ?? 0) > 1e-6 || (a ?? 0) < 0,
      });
    }
    const annotations = (await page.getAnnotations()).filter((note) => note.subtype !== 'Link').length;
    return { pages: document.numPages, annotations, texts };
  } finally {
    await document.destroy();
  }
}

/**
 * Reads a PDF a stranger sent: the credential attached to it and the text its page prints.
 * Runs in a worker (pdf-reader-pool.ts), whose deadline bounds what the limits here do not.
 */
export async function readSentPdf(bytes: Buffer): Promise<SentPdfReading> {
  refuseHostileStructure(bytes);
  const document = await loadUntrustedPdf(bytes);
  const credentialText = readAttachedCredential(document);
  if (credentialText === null) return { credentialText, page: null };
  boundStreams(document);
  return { credentialText, page: await printedPage(bytes).catch(() => null) };
}
