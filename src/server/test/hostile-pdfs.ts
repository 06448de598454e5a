import { constants, deflateRawSync } from 'node:zlib';

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
