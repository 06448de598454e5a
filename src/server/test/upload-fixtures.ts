import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { RecordFields } from '#shared/api/people.ts';
import type { FileStore } from '../files/file-store.ts';

let shade = 0;
// Neighbouring colours can encode to the same lossy WebP, so each call steps far across the range.
const SHADE_STEP = 0x3b5a17;

/** A solid PNG; every call gets a new colour, so its stored key is new too. */
export async function pngImage(width = 400, height = 300): Promise<Buffer> {
  shade = (shade + SHADE_STEP) % 0xffffff;
  const background = `#${shade.toString(16).padStart(6, '0')}`;
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF (a copyright line), to prove uploads are stripped of metadata. */
export async function jpegWithExif(width = 640, height = 480): Promise<Buffer> {
  shade = (shade + SHADE_STEP) % 0xffffff;
  const background = `#${shade.toString(16).padStart(6, '0')}`;
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'Camera owner', Artist: 'Someone' } } })
    .toBuffer();
}

/** A real one-page PDF with a unique title. */
export async function pdfDocument(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(`Test ${Date.now()} ${Math.random()}`);
  document.addPage([200, 200]);
  return Buffer.from(await document.save());
}

export interface Upload {
  data: Buffer;
  filename: string;
  type?: string;
}

/** A multipart body as a browser's form sends it. */
export function multipartForm(
  text: Record<string, string>,
  files: Record<string, Upload | undefined> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(text)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    if (file)
      form.append(
        name,
        new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
        file.filename,
      );
  }
  return form;
}

let serial = 0;

/** The eleven text fields of a valid person, with a new e-Cert serial no. each time. */
export function personFields(overrides: Partial<RecordFields> = {}): RecordFields {
  serial += 1;
  return {
    name: 'Ada Lovelace',
    dob: '1990-12-10',
    gender: 'Female',
    nationality: 'British',
    passportNumber: 'K1234567',
    finNumber: 'G7654321Q',
    eCertNumber: `EC-${Date.now().toString(36)}-${serial}`,
    tradeTested: 'Carpentry',
    testLevel: 'Level 2',
    testResult: 'Passed',
    passedDate: new Date().toISOString().slice(0, 10),
    ...overrides,
  };
}

/** The three required images (fresh PNGs) and a PDF. */
export async function personFiles(): Promise<Record<string, Upload>> {
  const [passport, certificate, signature, pdf] = await Promise.all([
    pngImage(),
    pngImage(),
    pngImage(),
    pdfDocument(),
  ]);
  return {
    passportImage: { data: passport, filename: 'passport.png', type: 'image/png' },
    certificateImage: { data: certificate, filename: 'certificate.png', type: 'image/png' },
    signatureImage: { data: signature, filename: 'signature.png', type: 'image/png' },
    pdf: { data: pdf, filename: 'certificate.pdf', type: 'application/pdf' },
  };
}

/** Every key in a store, to show a request left nothing behind. */
export async function storedKeys(files: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of files.keys()) keys.push(key);
  return keys.sort();
}

/** The bytes of a stored file. */
export async function readStored(files: FileStore, key: string): Promise<Buffer> {
  const file = await files.open(key);
  if (!file) throw new Error(`no stored file ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
