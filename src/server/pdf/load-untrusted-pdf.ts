import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { PDFArray, type PDFDict, PDFDocument, PDFName, PDFNumber, type PDFRawStream } from 'pdf-lib';

/** A PDF refused before it could cost much; the message is plain words a visitor may read. */
export class UnreadablePdf extends Error {}

/**
 * Per document: bytes inflated, and the worst-case parsing an object stream may cause (each of its
 * N objects may start anywhere and run to its end). Ours need under 5 kB and 50 kB.
 */
const MAX_INFLATED_BYTES = 4 * 1024 * 1024;
const MAX_OBJECT_STREAM_WORK = 8 * 1024 * 1024;

const TOO_BIG = 'This PDF expands to far more than an e-Cert does, so it was not read.';
export const DAMAGED = 'This PDF is damaged or not made like an e-Cert, so it could not be read.';

interface Budget {
  inflated: number;
  objectStreamWork: number;
  /** pdf-lib catches errors while parsing an object and goes on: a refusal is kept here. */
  refused?: UnreadablePdf;
}
const budgets = new AsyncLocalStorage<Budget>();

const FLATE = PDFName.of('FlateDecode');

function filtersOf(dict: PDFDict): PDFName[] {
  const filter = dict.lookup(PDFName.of('Filter'));
  if (filter === undefined) return [];
  if (filter instanceof PDFName) return [filter];
  if (filter instanceof PDFArray) return filter.asArray().map((item) => dict.context.lookup(item) as PDFName);
  throw new UnreadablePdf(DAMAGED);
}

/**
 * The stream's decoded bytes (before any predictor), inflated by zlib, which stops at `limit`.
 * Only Flate or no filter is read: others are rare in e-Certs and some expand without bound too.
 */
export function inflateBounded(stream: PDFRawStream, limit: number, tooBig = TOO_BIG): Buffer {
  const filters = filtersOf(stream.dict);
  if (filters.length > 1 || (filters[0] && filters[0] !== FLATE)) throw new UnreadablePdf(DAMAGED);
  if (!filters[0]) {
    if (stream.contents.length > limit) throw new UnreadablePdf(tooBig);
    return Buffer.from(stream.contents);
  }
  try {
    return inflateSync(stream.contents, { maxOutputLength: Math.max(1, limit) });
  } catch (error) {
    const overflow = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    throw new UnreadablePdf(overflow ? tooBig : DAMAGED);
  }
}

/** A count read from a dictionary as pdf-lib would loop over it; anything but a number is none. */
const countOf = (value: unknown) =>
  value instanceof PDFNumber && !Number.isNaN(value.asNumber()) ? Math.max(0, value.asNumber()) : 0;
const countAt = (array: unknown, at: number) => (array instanceof PDFArray ? countOf(array.lookup(at)) : 0);

/** Refuses a stream pdf-lib is about to decode while loading, unless it fits what is left. */
function spend(stream: PDFRawStream, budget: Budget) {
  const decoded = inflateBounded(stream, MAX_INFLATED_BYTES - budget.inflated).length;
  budget.inflated += decoded;
  const { dict } = stream;
  const type = dict.lookup(PDFName.of('Type'));
  if (type === PDFName.of('ObjStm')) {
    budget.objectStreamWork += countOf(dict.lookup(PDFName.of('N'))) * decoded;
    if (budget.objectStreamWork > MAX_OBJECT_STREAM_WORK) throw new UnreadablePdf(TOO_BIG);
  }
  if (type === PDFName.of('XRef')) {
    // pdf-lib reads as many entries as the dictionary claims, past the end of the data if told to.
    const widths = dict.lookup(PDFName.of('W'));
    const index = dict.lookup(PDFName.of('Index'));
    const width = countAt(widths, 0) + countAt(widths, 1) + countAt(widths, 2);
    let entries = countOf(dict.lookup(PDFName.of('Size')));
    if (index instanceof PDFArray) {
      entries = 0;
      for (let at = 1; at < index.size(); at += 2) entries += countAt(index, at);
    }
    if (width < 1 || entries * width > decoded) throw new UnreadablePdf(DAMAGED);
  }
}

// pdf-lib 1.17 inflates object and cross-reference streams while loading, all through this one
// method and without bound; inside loadUntrustedPdf each must first fit the document's budget.
// Why, and what catches a pdf-lib that stops calling it: docs/decisions/0020-e-cert-pdf.md.
const { default: ByteStream } = createRequire(import.meta.url)('pdf-lib/cjs/core/parser/ByteStream.js') as {
  default: { fromPDFRawStream: (stream: PDFRawStream) => unknown };
};
const decodeUnbounded = ByteStream.fromPDFRawStream;
ByteStream.fromPDFRawStream = (stream) => {
  const budget = budgets.getStore();
  if (budget) {
    try {
      if (budget.refused) throw budget.refused;
      spend(stream, budget);
    } catch (error) {
      budget.refused ??= error instanceof UnreadablePdf ? error : new UnreadablePdf(DAMAGED);
      throw budget.refused;
    }
  }
  return decodeUnbounded(stream);
};

/** Loads a PDF from a stranger: every stream pdf-lib decodes on the way is bounded, or it is refused. */
export async function loadUntrustedPdf(bytes: Uint8Array): Promise<PDFDocument> {
  const budget: Budget = { inflated: 0, objectStreamWork: 0 };
  let document: PDFDocument;
  try {
    // pdf-lib would log each broken object and scan on from it, in time that grows with the square
    // of the file's size: a broken object ends the reading instead.
    document = await budgets.run(budget, () =>
      PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true }),
    );
  } catch (error) {
    throw budget.refused ?? (error instanceof UnreadablePdf ? error : new UnreadablePdf(DAMAGED));
  }
  if (budget.refused) throw budget.refused;
  return document;
}
