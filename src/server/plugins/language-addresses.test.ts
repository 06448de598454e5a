import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('addresses of the public pages in each language', () => {
  let testApp: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('a bare / leads to the language chosen on the site, else to the browser’s, else stays English', async () => {
    const byBrowser = await get('/', { 'accept-language': 'ta-IN,en;q=0.5' });
    expect(byBrowser.statusCode).toBe(302);
    expect(byBrowser.headers.location).toBe('/ta');
    expect(byBrowser.headers.vary).toContain('Accept-Language');

    const byChoice = await get('/', { 'accept-language': 'ta-IN', cookie: 'lang=zh-Hans' });
    expect(byChoice.headers.location).toBe('/zh-Hans');

    const english = await get('/', { 'accept-language': 'ta-IN', cookie: 'lang=en' });
    expect(english.statusCode).not.toBe(302);
    expect(english.headers.vary).toContain('Cookie');
  });

  it('every other address says its own language, whatever the browser prefers', async () => {
    const page = await get('/verify', { 'accept-language': 'zh-CN', cookie: 'lang=ta' });
    expect(page.statusCode).not.toBe(302);
    expect(page.headers.location).toBeUndefined();
  });

  it('English has no prefix: /en/… leads to the bare address, its query kept', async () => {
    const answer = await get('/en/search?q=safety');
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe('/search?q=safety');
    expect((await get('/en')).headers.location).toBe('/');
  });
});
