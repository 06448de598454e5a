import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardsPage, ResourcesPage, SearchResponse } from '#shared/api/content.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('content and search', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it.each(['courses', 'careers'])('GET /api/content/%s returns six cards', async (name) => {
    const response = await get(`/api/content/${name}`);

    expect(response.statusCode).toBe(200);
    expect(response.json<CardsPage>().cards).toHaveLength(6);
  });

  it('GET /api/content/resources returns eight links, all https', async () => {
    const response = await get('/api/content/resources');

    expect(response.statusCode).toBe(200);
    const { links } = response.json<ResourcesPage>();
    expect(links).toHaveLength(8);
    for (const link of links) expect(new URL(link.url).protocol).toBe('https:');
  });

  it('GET /api/content/:name?lang= serves the page in that language, English by default', async () => {
    const english = (await get('/api/content/faq')).json<{ title: string }>();
    const chinese = await get('/api/content/faq?lang=zh-Hans');

    expect(chinese.statusCode).toBe(200);
    expect(chinese.json<{ title: string }>().title).not.toBe(english.title);
    expect(chinese.json<{ title: string }>().title).toMatch(/\p{Script=Han}/u);
    const unknown = await get('/api/content/faq?lang=fr');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('en, zh-Hans, ms, ta');
  });

  it('rejects an unknown content name in the error shape', async () => {
    const response = await get('/api/content/unknown');

    expect([400, 404]).toContain(response.statusCode);
    expect(response.json()).toMatchObject({
      statusCode: response.statusCode,
      code: expect.stringMatching(/^(INVALID_INPUT|NOT_FOUND)$/),
      message: expect.any(String),
    });
  });

  it('matches a quoted phrase as one phrase, finding only the course that contains it', async () => {
    const response = await get('/api/search?q=%22hands-on%20practice%22');

    expect(response.statusCode).toBe(200);
    const { query, results } = response.json<SearchResponse>();
    expect(query).toBe('"hands-on practice"');
    expect(results).toEqual([
      expect.objectContaining({
        kind: 'Course',
        title: 'Forklift Operation',
        href: '/courses#forklift-operation',
      }),
    ]);
  });

  it('finds the safety course when searching for "safety"', async () => {
    const response = await get('/api/search?q=safety');

    expect(response.statusCode).toBe(200);
    const titles = response.json<SearchResponse>().results.map((r) => r.title);
    expect(titles.some((title) => title.includes('Safety'))).toBe(true);
  });

  it('serves /.well-known/security.txt as text/plain with Contact and Expires', async () => {
    const response = await get('/.well-known/security.txt');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^Contact: \S+$/m);
    const expires = response.body.match(/^Expires: (.+)$/m)?.[1];
    expect(expires).toBeDefined();
    expect(Date.parse(expires ?? '')).toBeGreaterThan(Date.now());
  });
});
