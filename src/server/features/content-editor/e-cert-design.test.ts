import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentFileView } from '#shared/api/content-editor.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartForm } from '../../test/upload-fixtures.ts';

const run = promisify(execFile);

/** The PDF's first page as poppler reads it: its text (pdftotext) and its pixels (pdftoppm, 50 dpi). */
async function rendered(pdf: Buffer) {
  const folder = await mkdtemp(path.join(tmpdir(), 'e-cert-design-'));
  try {
    await writeFile(path.join(folder, 'e-cert.pdf'), pdf);
    await run('pdftotext', ['-layout', path.join(folder, 'e-cert.pdf'), path.join(folder, 'e-cert.txt')]);
    await run('pdftoppm', [
      '-png',
      '-r',
      '50',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      path.join(folder, 'e-cert.pdf'),
      path.join(folder, 'page'),
    ]);
    const { data, info } = await sharp(await readFile(path.join(folder, 'page.png')))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    /** How many pixels of the page are near `rgb`. */
    const count = ([r, g, b]: number[]) => {
      let found = 0;
      for (let i = 0; i < data.length; i += 3) {
        const near = Math.abs((data[i] ?? 0) - (r ?? 0)) + Math.abs((data[i + 1] ?? 0) - (g ?? 0));
        if (near + Math.abs((data[i + 2] ?? 0) - (b ?? 0)) < 30) found += 1;
      }
      return found;
    };
    return { text: await readFile(path.join(folder, 'e-cert.txt'), 'utf8'), pixel, count, width: info.width };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('the e-Cert’s design, set in the dashboard', () => {
  let harness: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  const preview = async (lang: string) =>
    (
      await harness.app.inject({
        method: 'GET',
        url: `/api/content-editor/e-cert-preview.pdf?lang=${lang}`,
        headers: admin.headers,
      })
    ).rawPayload;

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await signInAs(harness.app, 'admin');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('previews a drafted accent colour, statement and signatory on a real PDF, in each language', async () => {
    const before = await rendered(await preview('en'));
    expect(before.text).toContain('Alex Morgan');
    expect(before.pixel(Math.floor(before.width / 2), 2)).toEqual([0x1c, 0x4e, 0x80]);

    for (const [language, statement] of [
      ['en', 'Awarded after the practical assessment.'],
      ['ms', 'Dianugerahkan selepas penilaian amali.'],
    ] as const) {
      const file = (
        await harness.app.inject({
          method: 'GET',
          url: `/api/content-editor/files/${language}/e-cert`,
          headers: admin.headers,
        })
      ).json<ContentFileView>();
      const design = {
        ...(file.published as object),
        accentColour: '#c01a2b',
        statement,
        signatoryName: 'Jordan Lee',
      };
      const saved = await harness.app.inject({
        method: 'PUT',
        url: `/api/content-editor/files/${language}/e-cert`,
        headers: admin.headers,
        payload: { body: design, stamp: file.stamp },
      });
      expect(saved.statusCode).toBe(200);
      const after = await rendered(await preview(language));
      expect(after.text).toContain(statement);
      expect(after.text).toContain('Jordan Lee');
      expect(after.pixel(Math.floor(after.width / 2), 2)).toEqual([0xc0, 0x1a, 0x2b]);
    }
  });

  it('prints an uploaded signature above the signatory, in every language, once an editor drafts it', async () => {
    const editor = await signInAs(harness.app, 'editor');
    const magenta = [255, 0, 255];
    const signature = await sharp({
      create: { width: 420, height: 140, channels: 3, background: { r: 255, g: 0, b: 255 } },
    })
      .png()
      .toBuffer();
    expect((await rendered(await preview('ms'))).count(magenta)).toBe(0);

    const uploaded = await harness.app.inject({
      method: 'POST',
      url: '/api/content-editor/images?field=signatureImage',
      headers: editor.headers,
      payload: multipartForm(
        {},
        { image: { data: signature, filename: 'signature.png', type: 'image/png' } },
      ),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { src } = uploaded.json<{ src: string }>();
    const file = (
      await harness.app.inject({
        method: 'GET',
        url: '/api/content-editor/files/en/e-cert',
        headers: editor.headers,
      })
    ).json<ContentFileView>();
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/content-editor/files/en/e-cert',
      headers: editor.headers,
      payload: {
        body: { ...((file.draft?.body ?? file.published) as object), signatureImage: src },
        stamp: file.stamp,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Malay's own design names no signature: the English one stands in, as the page's words do not.
    for (const language of ['en', 'ms']) {
      const page = await rendered(await preview(language));
      // 160 × 48 points at 50 dpi is about 111 × 33 pixels; the image is scaled to fit, keeping its shape.
      expect(page.count(magenta), language).toBeGreaterThan(1500);
    }
  });

  it('refuses a colour that is not one, naming the field', async () => {
    const file = (
      await harness.app.inject({
        method: 'GET',
        url: '/api/content-editor/files/en/e-cert',
        headers: admin.headers,
      })
    ).json<ContentFileView>();
    const response = await harness.app.inject({
      method: 'PUT',
      url: '/api/content-editor/files/en/e-cert',
      headers: admin.headers,
      payload: { body: { ...(file.draft?.body as object), accentColour: 'red' }, stamp: file.stamp },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      accentColour: 'Accent colour must be a colour such as #1c4e80',
    });
  });
});
