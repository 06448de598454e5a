import { constants, deflateRawSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

const GIB = 1024 ** 3;
const SEGMENT = 16 * 1024 * 1024;

/**
 * A zlib stream that inflates to 1 GiB of zeros from about 1 MB. One 16 MiB segment, flushed to a
 * byte boundary, is repeated: its matches reach back only into itself, so copies can follow it.
 */
export function gibibyteBomb(): Buffer {
  const segment = deflateRawSync(Buffer.alloc(SEGMENT), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  // Adler-32 of n zeros: a = 1, b = n mod 65521.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((GIB % 65521) * 65536 + 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: GIB / SEGMENT }, () => segment),
    finalEmptyBlock,
    adler,
  ]);
}

/** A PDF of numbered objects, written by hand: a body of `n 0 obj` texts and streams, and a trailer. */
export function handWrittenPdf(objects: (string | { dict: string; data: Buffer })[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  objects.forEach((object, index) => {
    const number = index + 1;
    if (typeof object === 'string') {
      parts.push(Buffer.from(`${number} 0 obj\n${object}\nendobj\n`));
      return;
    }
    parts.push(
      Buffer.from(`${number} 0 obj\n<< ${object.dict} /Length ${object.data.length} >>\nstream\n`),
      object.data,
      Buffer.from('\nendstream\nendobj\n'),
    );
  });
  parts.push(Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n'));
  return Buffer.concat(parts);
}

/** A catalog whose one attachment, `credential.json`, is object 3; object 4 is left to the caller. */
export const catalogWithAttachment = [
  '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(credential.json) 3 0 R] >> >> >>',
  '<< /Type /Pages /Kids [] /Count 0 >>',
  '<< /Type /Filespec /F (credential.json) /UF (credential.json) /EF << /F 4 0 R >> >>',
];

const TWO_MB = 2 * 1024 * 1024;
const TRAILER = 'trailer\n<< /Root 1 0 R >>\n%%EOF\n';
const fill = (unit: string, bytes: number) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));

/**
 * PDFs made to cost a parser time rather than memory, each at most 2 MB (the checker's limit).
 * pdf-lib scans from each broken object to the next: its time grows with the square of the size.
 */
export const slowPdfs = {
  /** A string opened in every object and never closed: each scan runs to the end of the file. */
  'unbalanced strings': (bytes = TWO_MB) => Buffer.from(`%PDF-1.7\n${fill('1 0 obj (endobj\n', bytes - 9)}`),
  /** The same, with a trailer and under a thousand objects, each string running on through 2 kB. */
  'unbalanced strings, few objects': (bytes = TWO_MB) =>
    Buffer.from(`%PDF-1.7\n${fill(`1 0 obj (${'x'.repeat(2000)} endobj\n`, bytes - 40)}${TRAILER}`),
  /** Objects parted by junk the parser skips byte by byte. */
  'junk between objects': (bytes = TWO_MB) =>
    Buffer.from(`%PDF-1.7\n${fill(`1 0 obj null endobj\n${'%~'.repeat(1100)}\n`, bytes - 40)}${TRAILER}`),
  /** As many tiny objects as fit. */
  'many tiny objects': (bytes = TWO_MB) =>
    Buffer.from(`%PDF-1.7\n${fill('1 0 obj null endobj\n', bytes - 40)}${TRAILER}`),
  /** One array nested a million deep. */
  'deep nesting': (bytes = TWO_MB) =>
    Buffer.from(
      `%PDF-1.7\n1 0 obj\n${'['.repeat(Math.floor((bytes - 60) / 2))}${']'.repeat(Math.floor((bytes - 60) / 2))}\nendobj\n${TRAILER}`,
    ),
};

/**
 * A well-made PDF with an attached credential whose one page draws a letter `letters` times, each
 * with its own operator: all within the inflation budget, and slow for any reader of its text.
 */
export async function manyLettersPdf(letters = 700_000): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage();
  const font = page.node.newFontDictionary('F', (await document.embedFont(StandardFonts.Helvetica)).ref);
  const operators = `BT /${font.asString().slice(1)} 1 Tf ${'(x) Tj '.repeat(letters)}ET`;
  page.node.set(PDFName.of('Contents'), document.context.register(document.context.flateStream(operators)));
  await document.attach(Buffer.from('{}'), 'credential.json', { mimeType: 'application/vc+ld+json' });
  return Buffer.from(await document.save());
}
