import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, PDF_MAX_BYTES } from '#shared/limits.ts';
import { signInAs } from '../../test/staff-session.ts';
import { countRows, createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  jpegWithExif,
  multipartForm,
  pdfDocument,
  personFields,
  personFiles,
  pngImage,
  readStored,
  storedKeys,
  type Upload,
} from '../../test/upload-fixtures.ts';

let harness: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  harness = await createTestApp();
  headers = (await signInAs(harness.app, 'staff')).headers;
});
afterAll(async () => {
  await harness.close();
});

/** POSTs a complete, valid add-people form with `files` replacing some of its files. */
async function createWith(files: Record<string, Upload | undefined>) {
  const form = multipartForm(personFields(), { ...(await personFiles()), ...files });
  return harness.app.inject({ method: 'POST', url: '/api/people', headers, payload: form });
}

describe('uploads are judged by content, never by name or declared type', () => {
  it('rejects a PNG-named text file with 415 naming the field', async () => {
    const response = await createWith({
      passportImage: {
        data: Buffer.from('just some text, not an image'),
        filename: 'passport.png',
        type: 'image/png',
      },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Passport image must be a PNG, JPEG, WebP or GIF image.',
      fields: { passportImage: 'Passport image must be a PNG, JPEG, WebP or GIF image.' },
    });
  });

  it('rejects a PDF named .png in an image field with 415', async () => {
    const response = await createWith({
      certificateImage: { data: await pdfDocument(), filename: 'certificate.png', type: 'image/png' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().fields).toEqual({
      certificateImage: 'Certificate image must be a PNG, JPEG, WebP or GIF image.',
    });
  });

  it('rejects an image renamed .pdf in the PDF field with 415', async () => {
    const response = await createWith({
      pdf: { data: await pngImage(), filename: 'document.pdf', type: 'application/pdf' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      fields: { pdf: 'PDF must be a PDF document.' },
    });
  });

  it('rejects an image over 40 megapixels (a small file) with 413', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(IMAGE_MAX_BYTES);
    const response = await createWith({ signatureImage: { data: huge, filename: 'signature.png' } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      fields: { signatureImage: 'Signature image must be at most 40 megapixels.' },
    });
  });

  it('rejects an image file over 10 MB with 413', async () => {
    const large = Buffer.concat([await pngImage(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const response = await createWith({ passportImage: { data: large, filename: 'passport.png' } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Passport image must be at most 10 MB.',
      fields: { passportImage: 'Passport image must be at most 10 MB.' },
    });
  });

  it('rejects a PDF over 20 MB with 413', async () => {
    const large = Buffer.concat([await pdfDocument(), Buffer.alloc(PDF_MAX_BYTES)]);
    const response = await createWith({ pdf: { data: large, filename: 'big.pdf' } });
    expect(response.statusCode).toBe(413);
    expect(response.json().fields).toEqual({ pdf: 'PDF must be at most 20 MB.' });
  });

  it('rejects a truncated JPEG with 415 naming the field', async () => {
    const raw = Buffer.alloc(300 * 200 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
    const jpeg = await sharp(raw, { raw: { width: 300, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.8));
    const response = await createWith({ certificateImage: { data: truncated, filename: 'certificate.jpg' } });
    expect(response.statusCode).toBe(415);
    expect(response.json().fields).toEqual({
      certificateImage: 'Certificate image could not be read; it may be damaged or incomplete.',
    });
  });

  it('rejects an image whose header is right but whose data is garbage', async () => {
    const png = await pngImage();
    const corrupt = Buffer.concat([png.subarray(0, 33), Buffer.alloc(200, 0x5a)]);
    const response = await createWith({ passportImage: { data: corrupt, filename: 'passport.png' } });
    expect(response.statusCode).toBe(415);
    expect(response.json().fields.passportImage).toMatch(/^Passport image/);
  });

  it('names every bad file in one refusal, the most serious status first', async () => {
    const response = await createWith({
      passportImage: { data: Buffer.from('text'), filename: 'passport.png' },
      pdf: { data: Buffer.concat([await pdfDocument(), Buffer.alloc(PDF_MAX_BYTES)]), filename: 'big.pdf' },
    });
    expect(response.statusCode).toBe(413);
    expect(Object.keys(response.json().fields).sort()).toEqual(['passportImage', 'pdf']);
  });

  it('stores nothing for a refused upload', async () => {
    const [keysBefore, rowsBefore] = [
      await storedKeys(harness.app.files),
      await countRows(harness.database, 'person'),
    ];
    const response = await createWith({
      signatureImage: { data: Buffer.from('text'), filename: 'signature.png' },
    });
    expect(response.statusCode).toBe(415);
    expect(await storedKeys(harness.app.files)).toEqual(keysBefore);
    expect(await countRows(harness.database, 'person')).toBe(rowsBefore);
  });

  it('refuses a JSON body with 415 and more than four files with 413', async () => {
    const json = await harness.app.inject({
      method: 'POST',
      url: '/api/people',
      headers,
      payload: personFields(),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const files = await personFiles();
    const form = multipartForm(personFields(), files);
    form.append('extra', new Blob([new Uint8Array(await pngImage())]), 'extra.png');
    const tooMany = await harness.app.inject({ method: 'POST', url: '/api/people', headers, payload: form });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('accepted images are re-encoded', () => {
  it('stores a JPEG as WebP without its EXIF, with a 320-pixel-wide thumbnail', async () => {
    const original = await jpegWithExif(640, 480);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await createWith({ passportImage: { data: original, filename: 'passport.jpg' } });

    expect(response.statusCode).toBe(201);
    const { passportImage } = response.json();
    expect(passportImage).toMatchObject({ contentType: 'image/webp' });
    expect(passportImage.url).toMatch(/^\/files\/[a-f0-9]{64}\.webp$/);
    expect(passportImage.thumbnailUrl).toMatch(/^\/files\/[a-f0-9]{64}\.webp$/);

    const stored = await readStored(harness.app.files, passportImage.url.slice('/files/'.length));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes('Camera owner')).toBe(false);
    expect(passportImage.size).toBe(stored.length);

    const thumbnail = await readStored(harness.app.files, passportImage.thumbnailUrl.slice('/files/'.length));
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
  });

  it('accepts GIF and WebP by content, whatever the file is called', async () => {
    const gif = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#123456' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#654321' } })
      .webp()
      .toBuffer();
    const response = await createWith({
      certificateImage: { data: gif, filename: 'certificate.bin', type: 'application/octet-stream' },
      signatureImage: { data: webp, filename: 'signature', type: 'text/plain' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().certificateImage.contentType).toBe('image/webp');
    expect(response.json().signatureImage.contentType).toBe('image/webp');
  });

  it('keeps a PDF as it was sent', async () => {
    const pdf = await pdfDocument();
    const response = await createWith({ pdf: { data: pdf, filename: 'anything.dat' } });
    expect(response.statusCode).toBe(201);
    const stored = await readStored(harness.app.files, response.json().pdf.url.slice('/files/'.length));
    expect(stored.equals(pdf)).toBe(true);
    expect(response.json().pdf).toMatchObject({ contentType: 'application/pdf', size: pdf.length });
  });
});
