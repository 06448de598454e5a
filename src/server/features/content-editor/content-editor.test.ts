import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ContentFileView,
  TranslationReview,
  VersionDetail,
  VersionList,
} from '#shared/api/content-editor.ts';
import { type App, buildApp } from '../../app.ts';
import { auditEvent, contentDraft } from '../../db/schema/index.ts';
import { nextTurn } from '../../test/next-turn.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CONTENT_POLL_MS } from './content-sync.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

describe('editing the public pages in the dashboard', () => {
  let harness: TestApp;
  let second: App;
  let admin: Session;
  let otherAdmin: Session;
  const inject = async (options: InjectOptions) => {
    await nextTurn();
    return harness.app.inject(options);
  };
  const open = async (path: string, session = admin) =>
    (
      await inject({ method: 'GET', url: `/api/content-editor/files/${path}`, headers: session.headers })
    ).json<ContentFileView>();
  const save = (path: string, body: unknown, stamp: string, session = admin) =>
    inject({
      method: 'PUT',
      url: `/api/content-editor/files/${path}`,
      headers: session.headers,
      payload: { body, stamp },
    });
  const publish = (version: number) =>
    inject({
      method: 'POST',
      url: '/api/content-editor/publish',
      headers: admin.headers,
      payload: { version },
    });
  const publicHome = async (app: App, lang = 'en') =>
    (await app.inject({ method: 'GET', url: `/api/content/home?lang=${lang}` })).json<{
      heroTitle: string;
    }>();

  beforeAll(async () => {
    harness = await createTestApp();
    // A second instance on the same database, as behind a load balancer.
    second = await buildApp({ config: harness.app.config, database: harness.database, logger: false });
    await second.ready();
    admin = await signInAs(harness.app, 'admin');
    otherAdmin = await signInAs(harness.app, 'admin');
  });
  afterAll(async () => {
    await second?.close();
    await harness?.close();
  });

  it('serves the content/ files until something is published', async () => {
    const home = await open('en/home');
    expect(home.version).toBe(0);
    expect(home.stamp).toBe('v0');
    expect(home.draft).toBeNull();
    expect((home.published as { heroTitle: string }).heroTitle).toBe(
      (await publicHome(harness.app)).heroTitle,
    );
  });

  it('refuses a draft the page schema would not render, naming the field, and keeps nothing', async () => {
    const home = await open('en/home');
    const response = await save('en/home', { ...(home.published as object), heroTitle: '   ' }, home.stamp);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_INPUT',
      fields: { heroTitle: expect.any(String) },
    });
    expect(await harness.app.db.select().from(contentDraft)).toHaveLength(0);
  });

  it('keeps a draft unpublished, tells the second editor of a stale page, and previews the draft', async () => {
    const home = await open('zh-Hans/home');
    const edited = { ...(home.published as object), heroTitle: '几秒钟内核查电子证书（草稿）' };
    const first = await save('zh-Hans/home', edited, home.stamp);
    expect(first.statusCode).toBe(200);

    // The other editor opened the page before the first saved: told, not overwritten.
    const stale = await save('zh-Hans/home', { ...edited, heroTitle: '别人的标题' }, home.stamp, otherAdmin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Someone else changed this page/);
    expect((await open('zh-Hans/home')).draft?.body).toEqual(edited);

    expect((await publicHome(harness.app, 'zh-Hans')).heroTitle).not.toBe(edited.heroTitle);
  });

  it('publishes every draft as a new version, audited, served by every instance within seconds', async () => {
    const english = await open('en/home');
    await save(
      'en/home',
      { ...(english.published as object), heroTitle: 'Check a certificate now' },
      english.stamp,
    );

    const stale = await publish(3);
    expect(stale.statusCode).toBe(409);
    const published = await publish(0);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({ version: 1 });

    expect((await publicHome(harness.app)).heroTitle).toBe('Check a certificate now');
    expect((await publicHome(harness.app, 'zh-Hans')).heroTitle).toBe('几秒钟内核查电子证书（草稿）');
    await new Promise((resolve) => setTimeout(resolve, CONTENT_POLL_MS * 2));
    expect((await publicHome(second)).heroTitle).toBe('Check a certificate now');

    expect(await harness.app.db.select().from(contentDraft)).toHaveLength(0);
    const [event] = await harness.app.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.entityType, 'content'));
    expect(event).toMatchObject({ action: 'publish', entityId: '1', actorEmail: admin.user.email });
    expect(event?.changes).toHaveProperty(['en/home/heroTitle', 1], 'Check a certificate now');
  });

  it('keeps every version with who and when, compares it with the one before, and restores one in one step', async () => {
    const list = (
      await inject({ method: 'GET', url: '/api/content-editor/versions', headers: admin.headers })
    ).json<VersionList>();
    expect(list.current).toBe(1);
    expect(list.items.map((item) => [item.version, item.publishedBy])).toEqual([
      [1, admin.user.email],
      [0, null],
    ]);
    const detail = (
      await inject({ method: 'GET', url: '/api/content-editor/versions/1', headers: admin.headers })
    ).json<VersionDetail>();
    expect(detail.changes).toContainEqual(
      expect.objectContaining({
        language: 'en',
        name: 'home',
        field: 'heroTitle',
        after: 'Check a certificate now',
      }),
    );

    const restored = await inject({
      method: 'POST',
      url: '/api/content-editor/versions/0/restore',
      headers: admin.headers,
      payload: { version: 1 },
    });
    expect(restored.json()).toEqual({ version: 2 });
    expect((await publicHome(harness.app)).heroTitle).toBe('Check an e-Cert in seconds');
    const again = await inject({
      method: 'POST',
      url: '/api/content-editor/versions/0/restore',
      headers: admin.headers,
      payload: { version: 1 },
    });
    expect(again.statusCode).toBe(409);
  });

  it('shows a translation approved, by whom, then outdated with what changed when the English changes', async () => {
    const reviews = async () =>
      (await inject({ method: 'GET', url: '/api/content-editor/reviews', headers: admin.headers }))
        .json<{ items: TranslationReview[] }>()
        .items.find((item) => item.language === 'ms' && item.name === 'faq');
    expect(await reviews()).toMatchObject({ state: 'prepared', approvedBy: null });
    const approve = await inject({
      method: 'POST',
      url: '/api/content-editor/reviews/ms/faq',
      headers: admin.headers,
    });
    expect(approve.statusCode).toBe(204);
    expect(await reviews()).toMatchObject({ state: 'approved', approvedBy: admin.user.email });

    const faq = await open('en/faq');
    await save('en/faq', { ...(faq.published as object), title: 'Questions people ask' }, faq.stamp);
    expect((await publish(faq.version)).statusCode).toBe(200);
    const outdated = await reviews();
    expect(outdated?.state).toBe('outdated');
    expect(outdated?.changes).toEqual([
      { field: 'title', before: 'Frequently Asked Questions', after: 'Questions people ask' },
    ]);
  });

  it('is for administrators only', async () => {
    const staff = await signInAs(harness.app, 'staff');
    const response = await inject({
      method: 'GET',
      url: '/api/content-editor/files/en/home',
      headers: staff.headers,
    });
    expect(response.statusCode).toBe(403);
  });
});
