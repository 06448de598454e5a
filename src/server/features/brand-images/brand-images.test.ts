import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentFileView } from '#shared/api/content-editor.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartForm, pngImage, storedKeys } from '../../test/upload-fixtures.ts';
import { deleteUnreferencedFiles } from '../uploads/sweep-orphan-files.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

describe('logos and signatures uploaded in the dashboard', () => {
  let harness: TestApp;
  let editor: Session;
  let staff: Session;
  const inject = (options: InjectOptions) => harness.app.inject(options);
  const upload = (data: Buffer, field = 'logo.src', filename = 'logo.png') =>
    inject({
      method: 'POST',
      url: `/api/content-editor/images?field=${field}`,
      headers: editor.headers,
      payload: multipartForm({}, { image: { data, filename, type: 'image/png' } }),
    });
  const uploaded = async (data: Buffer) => {
    const response = await upload(data);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ src: string; width: number; height: number }>();
  };
  /** Saves the brand with `logo` as its logo, as a draft. */
  const draftLogo = async (src: string) => {
    const file = (
      await inject({ method: 'GET', url: '/api/content-editor/files/en/site', headers: editor.headers })
    ).json<ContentFileView>();
    const body = { ...((file.draft?.body ?? file.published) as object), logo: { src, alt: 'Our new logo' } };
    const saved = await inject({
      method: 'PUT',
      url: '/api/content-editor/files/en/site',
      headers: editor.headers,
      payload: { body, stamp: file.stamp },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const publish = async () => {
    const { current } = (
      await inject({ method: 'GET', url: '/api/content-editor/versions', headers: editor.headers })
    ).json<{ current: number }>();
    const published = await inject({
      method: 'POST',
      url: '/api/content-editor/publish',
      headers: editor.headers,
      payload: { version: current },
    });
    expect(published.statusCode, published.body).toBe(200);
  };

  beforeAll(async () => {
    harness = await createTestApp();
    editor = await signInAs(harness.app, 'editor');
    staff = await signInAs(harness.app, 'staff');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('refuses a text file named .png, an oversized file and a too-wide image, naming the field, storing nothing', async () => {
    const before = await storedKeys(harness.app.files);
    const wide = await sharp({ create: { width: 4500, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const cases = [
      [Buffer.from('not an image at all'), 415, 'must be a PNG, JPEG, WebP or GIF image'],
      [Buffer.alloc(2 * 1024 * 1024 + 1, 1), 413, 'must be at most 2 MB'],
      [wide, 413, 'must be at most 4000 × 4000 pixels; this one is 4500 × 20'],
    ] as const;
    for (const [data, status, words] of cases) {
      const response = await upload(data, 'footerLogos.0.src');
      expect(response.statusCode, words).toBe(status);
      const body = response.json<{ message: string; fields: Record<string, string> }>();
      expect(body.message).toContain('The image for footerLogos.0.src');
      expect(body.message).toContain(words);
      expect(Object.keys(body.fields)).toEqual(['footerLogos.0.src']);
    }
    expect(await storedKeys(harness.app.files)).toEqual(before);
  });

  it('refuses staff, who do not edit the pages', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/content-editor/images?field=logo.src',
      headers: staff.headers,
      payload: multipartForm({}, { image: { data: await pngImage(), filename: 'logo.png' } }),
    });
    expect(response.statusCode).toBe(403);
  });

  it('stores a PNG no larger than 1000 px a side, served to editors while a draft, to all once published', async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 4, background: '#2a7ab0' } })
      .png()
      .toBuffer();
    const image = await uploaded(big);
    expect(image).toMatchObject({ width: 1000, height: 500 });
    expect(image.src).toMatch(/^\/brand-images\/[0-9a-f]{64}\.png$/);

    const get = (headers: Record<string, string> = {}) => inject({ method: 'GET', url: image.src, headers });
    expect((await get()).statusCode).toBe(404);
    // Uploaded but named by no draft yet: not even an editor is shown it.
    expect((await get(editor.headers)).statusCode).toBe(404);

    await draftLogo(image.src);
    const drafted = await get(editor.headers);
    expect(drafted.statusCode).toBe(200);
    expect(drafted.headers['cache-control']).toBe('private, no-store');
    expect((await get()).statusCode).toBe(404);
    expect((await get(staff.headers)).statusCode).toBe(404);

    await publish();
    const published = await get();
    expect(published.statusCode).toBe(200);
    expect(published.headers['content-type']).toBe('image/png');
    expect(published.headers['cache-control']).toContain('public');
    expect((await sharp(published.rawPayload).metadata()).format).toBe('png');
    const site = (await inject({ method: 'GET', url: '/api/site' })).json<{ logo: { src: string } }>();
    expect(site.logo).toEqual({ src: image.src, alt: 'Our new logo' });
  });

  it('never serves another stored file through /brand-images, nor a brand image outside it without a session', async () => {
    const image = await uploaded(await pngImage(64, 64));
    await draftLogo(image.src);
    await publish();
    const key = image.src.slice('/brand-images/'.length);

    // An identity document's key is a WebP hash; /brand-images takes PNG keys of the content only.
    const webpKey = `${'a'.repeat(64)}.webp`;
    expect((await inject({ method: 'GET', url: `/brand-images/${webpKey}` })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: `/brand-images/..%2F${key}` })).statusCode).toBe(404);
    // /files keeps its own rule: a brand image is no record's public file.
    expect((await inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(401);
  });

  it('keeps brand images a version or draft names from the orphan sweep, and sweeps the rest', async () => {
    const kept = await uploaded(await pngImage(90, 30));
    const orphan = await uploaded(await pngImage(30, 90));
    await draftLogo(kept.src);
    const keyOf = (src: string) => src.slice('/brand-images/'.length);

    const deleted = await deleteUnreferencedFiles(harness.database.db, harness.app.files, [
      keyOf(kept.src),
      keyOf(orphan.src),
    ]);

    expect(deleted).toBe(1);
    const left = await storedKeys(harness.app.files);
    expect(left).toContain(keyOf(kept.src));
    expect(left).not.toContain(keyOf(orphan.src));
  });
});
