import jsQR from 'jsqr';
import { pdfFirstPageGrey } from './pdf-ink.ts';

/** The QR code printed on a PDF's first page, read from poppler's rendering as a phone's camera would. */
export async function pdfQrCode(pdf: Uint8Array): Promise<string | undefined> {
  const grey = await pdfFirstPageGrey(pdf);
  const rgba = new Uint8ClampedArray(grey.width * grey.height * 4);
  for (let index = 0; index < grey.width * grey.height; index++) {
    const value = grey.pixels[index] ?? 255;
    rgba.set([value, value, value, 255], index * 4);
  }
  return jsQR(rgba, grey.width, grey.height)?.data;
}
