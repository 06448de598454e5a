import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  htmlPngPolyglot,
  htmlWithScript,
  pdfDocument,
  pngBomb,
  pngHtmlPolyglot,
  pngImage,
  svgWithScript,
  thirtyMegabytes,
  truncatedJpeg,
} from '../test/attack-files.ts';
import { encodeMultipart, type Part } from '../test/fuzz-requests.ts';
import { signInAs } from '../test/staff-session.ts';
import { countRows, createTestApp, type TestApp } from '../test/test-app.ts';
import { multipartForm, personFields, personFiles, readStored, storedKeys } from '../test/upload-fixtures.ts';

let harness: TestApp;
let headers: Record<string, string>;
/** A live record the edit form is tried on. */
let existing: { id: string; updatedAt: string };

beforeAll(async () => {
  harness = await createTestApp();
  headers = (await signInAs(harness.app, 'staff')).headers;
  const created = await harness.app.inject({
    method: 'POST',
    url: '/api/people',
    headers,
    payload: multipartForm(personFields(), await personFiles()),
  });
  expect(created.statusCode).toBe(201);
  existing = created.json();
});
afterAll(async () => {
  await harness?.close();
});

interface Attack {
  name: string;
  field: 'passportImage' | 'certificateImage' | 'signatureImage' | 'pdf';
  file: () => Promise<Part>;
  status: number;
  message: RegExp;
}

const part = (field: string, data: Buffer, filename: string, type: string): Part => ({
  name: field,
  value: data,
  filename,
  type,
});

const notAnImage = /must be a PNG, JPEG, WebP or GIF image\.$/;
const corpus: Attack[] = [
  {
    name: 'a text file renamed .png',
    field: 'passportImage',
    file: async () =>
      part('passportImage', Buffer.from('just words, no pixels\n'), 'passport.png', 'image/png'),
    status: 415,
    message: notAnImage,
  },
  {
    name: 'an HTML page with a script, named .png',
    field: 'certificateImage',
    file: async () => part('certificateImage', htmlWithScript(), 'certificate.png', 'image/png'),
    status: 415,
    message: notAnImage,
  },
  {
    name: 'an HTML page with a script in the PDF field',
    field: 'pdf',
    file: async () => part('pdf', htmlWithScript(), 'certificate.pdf', 'application/pdf'),
    status: 415,
    message: /^PDF must be a PDF document\.$/,
  },
  {
    name: 'an SVG with a script',
    field: 'signatureImage',
    file: async () => part('signatureImage', svgWithScript(), 'signature.svg', 'image/svg+xml'),
    status: 415,
    message: notAnImage,
  },
  {
    name: 'an HTML page wrapping a PNG (HTML/PNG polyglot)',
    field: 'passportImage',
    file: async () => part('passportImage', await htmlPngPolyglot(), 'passport.png', 'image/png'),
    status: 415,
    message: notAnImage,
  },
  {
    name: 'a decompression bomb (100,000 × 100,000 pixels in a few hundred bytes)',
    field: 'certificateImage',
    file: async () => part('certificateImage', pngBomb(), 'certificate.png', 'image/png'),
    status: 413,
    message: /^Certificate image must be at most 40 megapixels\.$/,
  },
  {
    name: 'a truncated JPEG',
    field: 'signatureImage',
    file: async () => part('signatureImage', await truncatedJpeg(), 'signature.jpg', 'image/jpeg'),
    status: 415,
    message: /^Signature image could not be read; it may be damaged or incomplete\.$/,
  },
  {
    name: 'a PDF renamed .png',
    field: 'passportImage',
    file: async () => part('passportImage', await pdfDocument(), 'passport.png', 'image/png'),
    status: 415,
    message: notAnImage,
  },
  {
    name: 'an image renamed .pdf',
    field: 'pdf',
    file: async () => part('pdf', await pngImage(), 'certificate.pdf', 'application/pdf'),
    status: 415,
    message: /^PDF must be a PDF document\.$/,
  },
  {
    name: 'a 30 MB file in an image field',
    field: 'certificateImage',
    file: async () => part('certificateImage', await thirtyMegabytes(), 'certificate.png', 'image/png'),
    status: 413,
    message: /^Certificate image must be at most 10 MB\.$/,
  },
  {
    name: 'a 30 MB file in the PDF field',
    field: 'pdf',
    file: async () => part('pdf', await thirtyMegabytes(), 'certificate.pdf', 'application/pdf'),
    status: 413,
    message: /^PDF must be at most 20 MB\.$/,
  },
  {
    name: 'a valid image whose file name climbs folders (../)',
    field: 'passportImage',
    file: async () =>
      part('passportImage', await pngImage(), '../../../etc/cron.d/passport.png', 'image/png'),
    status: 400,
    message: /^Passport image has a file name that is not allowed\.$/,
  },
  {
    name: 'a valid image whose file name holds a NUL byte',
    field: 'signatureImage',
    file: async () => part('signatureImage', await pngImage(), 'signature.php\u0000.png', 'image/png'),
    status: 400,
    message: /^Signature image has a file name that is not allowed\.$/,
  },
];

const BOUNDARY = 'corpus-boundary-5f1c';

/** A whole add (or edit) form as bytes we control, file names included, with `attack` in place. */
async function form(attack: Part, complete: boolean): Promise<Buffer> {
  const text = Object.entries(personFields()).map(([name, value]) => ({ name, value: Buffer.from(value) }));
  const files = complete
    ? Object.entries(await personFiles())
        .filter(([name]) => name !== attack.name)
        .map(([name, file]) => part(name, file.data, file.filename, file.type ?? 'application/octet-stream'))
    : [];
  return encodeMultipart([...text, ...files, attack], BOUNDARY);
}

const send = (method: 'POST' | 'PATCH', url: string, payload: Buffer) =>
  harness.app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });

/** Everything a request could leave behind: rows, stored files, temporary files, the record edited. */
async function state() {
  const [people, audit, keys, row] = await Promise.all([
    countRows(harness.database, 'person'),
    countRows(harness.database, 'audit_event'),
    storedKeys(harness.app.files),
    harness.app.inject({ method: 'GET', url: `/api/people/${existing.id}`, headers }),
  ]);
  const dataFiles = fs.readdirSync(harness.app.config.dataDir, { recursive: true }).map(String).sort();
  return { people, audit, keys, dataFiles, record: row.body };
}

describe('the upload attack corpus', () => {
  describe.each(corpus)('$name', (attack) => {
    it.each([
      ['adding a record', 'POST' as const],
      ['editing a record', 'PATCH' as const],
    ])(
      `is refused with ${attack.status} naming ${attack.field} when %s, and nothing is stored`,
      async (_how, method) => {
        const before = await state();
        const url = method === 'POST' ? '/api/people' : `/api/people/${existing.id}`;

        const response = await send(method, url, await form(await attack.file(), method === 'POST'));

        expect(response.statusCode).toBe(attack.status);
        const body = response.json();
        expect(body.statusCode).toBe(attack.status);
        expect(Object.keys(body.fields)).toEqual([attack.field]);
        expect(body.fields[attack.field]).toMatch(attack.message);
        expect(body.message).toMatch(attack.message);
        expect(await state()).toEqual(before);
      },
    );
  });
});

describe('a PNG that carries HTML after its end (PNG/HTML polyglot)', () => {
  it('is accepted as the image it is, and re-encoding leaves none of the HTML in what is stored', async () => {
    const polyglot = await pngHtmlPolyglot();
    expect(polyglot.includes('<script>')).toBe(true);

    const response = await send(
      'POST',
      '/api/people',
      await form(part('passportImage', polyglot, 'p.png', 'image/png'), true),
    );

    expect(response.statusCode).toBe(201);
    const { passportImage } = response.json();
    for (const url of [passportImage.url, passportImage.thumbnailUrl]) {
      const stored = await readStored(harness.app.files, url.slice('/files/'.length));
      expect(stored.includes('<script>')).toBe(false);
      expect(stored.includes('<html>')).toBe(false);
      expect((await sharp(stored).metadata()).format).toBe('webp');
      // A passport scan is served to staff only.
      const served = await harness.app.inject({ method: 'GET', url, headers });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('served files', () => {
  let record: Record<string, { url: string; thumbnailUrl?: string; contentType: string }>;
  beforeAll(async () => {
    const response = await harness.app.inject({ method: 'GET', url: `/api/people/${existing.id}`, headers });
    record = response.json();
  });

  it('serves images and thumbnails as image/webp with nosniff, passport scans to staff uncached', async () => {
    const fields = ['passportImage', 'certificateImage', 'signatureImage'] as const;
    const files = fields.flatMap((field) =>
      [record[field]?.url, record[field]?.thumbnailUrl].map((url) => ({ field, url })),
    );
    expect(files).toHaveLength(6);
    for (const { field, url } of files) {
      const identityDocument = field === 'passportImage';
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await harness.app.inject({
          method,
          url: String(url),
          ...(identityDocument ? { headers } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['cache-control']).toBe(
          identityDocument ? 'private, no-store' : 'public, max-age=31536000, immutable',
        );
      }
    }
  });

  it('serves a PDF inline, sandboxed, as application/pdf with nosniff', async () => {
    const response = await harness.app.inject({ method: 'GET', url: String(record.pdf?.url) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe('inline');
    expect(response.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(response.body.startsWith('%PDF-')).toBe(true);
  });

  it.each([
    ['..%2F..%2Fsecrets.json', 404],
    ['..%2f..%2f..%2fetc%2fpasswd', 404],
    [`${'a'.repeat(64)}.svg`, 404],
    [`${'a'.repeat(64)}.html`, 404],
    [`${'A'.repeat(64)}.webp`, 404],
    [`..%2F${'a'.repeat(61)}.pdf`, 404],
    [`${'a'.repeat(64)}.pdf%00.webp`, 400],
  ])('answers the key %s with %i in the error shape, reading nothing off the disk', async (key, status) => {
    const response = await harness.app.inject({ method: 'GET', url: `/files/${key}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({
      statusCode: status,
      code: status === 404 ? 'NOT_FOUND' : 'INVALID_INPUT',
    });
    // The data folder holds the generated secrets one level above the files: none of it may leak.
    expect(response.body).not.toMatch(/secret/i);
  });

  it('keeps every stored file inside the files folder under its content hash', async () => {
    const root = path.join(harness.app.config.dataDir, 'files');
    for (const key of await storedKeys(harness.app.files)) {
      expect(key).toMatch(/^[a-f0-9]{64}\.(webp|pdf)$/);
      expect(fs.existsSync(path.join(root, key.slice(0, 2), key))).toBe(true);
    }
  });
});
