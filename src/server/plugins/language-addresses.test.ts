import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../test/raw-http.ts';
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

  it('leads only to this site from /en/…, however the rest is spelt', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const site = 'https://portal.example';
    const spellings = [
      '/en//evil.example',
      '/en//evil.example/x?y=1',
      '/en/\\evil.example',
      '/en/\\/evil.example',
      '/en///evil.example',
      '/en/%09/evil.example',
      '/en/.//evil.example',
      'http://127.0.0.1/en//evil.example',
    ];

    for (const target of spellings) {
      const answer = await rawRequest(port, { method: 'GET', target });
      const location = answer.headers.location ?? '';
      // Where a browser on the site would go, reading the Location header as it does.
      expect(new URL(location, site).host, `${target} → ${location}`).toBe('portal.example');
    }
    expect((await rawRequest(port, { method: 'GET', target: '/en//evil.example' })).headers.location).toBe(
      '/',
    );
  });
});
