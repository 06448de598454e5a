import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { contentDraft } from '../../db/schema/index.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { readContentZip } from './content-zip.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

async function zipOf(files: Record<string, unknown>) {
  const zip = new yazl.ZipFile();
  for (const [name, body] of Object.entries(files)) zip.addBuffer(Buffer.from(JSON.stringify(body)), name);
  zip.end();
  return buffer(zip.outputStream as unknown as Readable);
}

describe('the published content as content/ files, out and back in', () => {
  let harness: TestApp;
  let admin: Session;
  const upload = (archive: Buffer) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/content-editor/import',
      headers: { ...admin.headers, 'content-type': 'application/zip' },
      payload: archive,
    });

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await signInAs(harness.app, 'admin');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('exports every file in every language, laid out as content/ is', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/content-editor/export.zip',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = await readContentZip(response.rawPayload);
    expect(files.find((f) => f.language === 'en' && f.name === 'site')?.body).toEqual(
      harness.app.content.site,
    );
    expect(files.find((f) => f.language === 'zh-Hans' && f.name === 'faq')?.body).toEqual(
      harness.app.content.files['zh-Hans'].faq,
    );
  });

  it('imports an archive as drafts: only the files that differ, nothing published', async () => {
    const home = { ...(harness.app.content.files.en.home as object), heroTitle: 'Imported heading' };
    const response = await upload(
      await zipOf({ 'content/home.json': home, 'content/faq.json': harness.app.content.files.en.faq }),
    );
    expect(response.json()).toEqual({ files: 2, drafts: 1 });
    const drafts = await harness.app.db.select().from(contentDraft);
    expect(drafts.map((d) => [d.language, d.name, (d.body as { heroTitle: string }).heroTitle])).toEqual([
      ['en', 'home', 'Imported heading'],
    ]);
    expect(harness.app.content.pages.home.heroTitle).not.toBe('Imported heading');
  });

  it('refuses an archive with a broken page or a stranger file, naming it, and saves nothing of it', async () => {
    await harness.app.db.delete(contentDraft);
    const broken = await upload(
      await zipOf({ 'about.json': harness.app.content.files.en.about, 'ms/faq.json': { title: 'Soalan' } }),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/ms\/faq\.json: lead/);
    const stranger = await upload(await zipOf({ 'notes.json': {} }));
    expect(stranger.json().message).toMatch(/notes\.json is not a page of the site/);
    const notZip = await upload(Buffer.from('plain words'));
    expect(notZip.json().message).toMatch(/not a readable ZIP archive/);
    expect(await harness.app.db.select().from(contentDraft)).toHaveLength(0);
  });
});
