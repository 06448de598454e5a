import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RenderPage } from '#shared/rendered-page.ts';
import { insertPerson } from '../test/people.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createServerRender } from './server-render.ts';

const template =
  '<html lang="en"><head><title>Portal</title><script type="module" crossorigin src="/assets/page-1.js"></script>' +
  '</head><body><div id="page"></div></body></html>';

/**
 * Stands in for the React renderer (built by `vite build --ssr`; the browser tests run the real
 * one): it asks the API what its page shows, as route loaders do, and renders the answer.
 */
const apiRenderer = (html: (answer: unknown) => string, status = 200) =>
  vi.fn<RenderPage>(async (url, fetchApi) => {
    const { pathname } = new URL(url);
    const api = pathname.startsWith('/info/') ? `/api/certificates/${pathname.slice(6)}` : '/api/site';
    const answer = await fetchApi(api);
    return { html: html(await answer.json()), status: answer.ok ? status : 200 };
  });

describe('server render of public pages', () => {
  let testApp: TestApp;
  const request = (url: string) => ({ url, ip: '203.0.113.9', log: testApp.app.log }) as never;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('puts the rendered page in the body and its title and links in <head>, asking the API in-process', async () => {
    const renderPage = apiRenderer(
      (site) =>
        `<title>Check | ${(site as { portalName: string }).portalName}</title>` +
        '<link rel="preload" as="image" href="/a.svg"/><h1>Check</h1>',
    );
    const page = await createServerRender(testApp.app, template, renderPage).serve(request('/verify'), true);

    expect(renderPage).toHaveBeenCalledOnce();
    expect(renderPage.mock.calls[0]?.[0]).toBe('http://localhost/verify');
    const { portalName } = (await testApp.app.inject({ url: '/api/site' })).json() as { portalName: string };
    expect(page?.html).toContain(`<head><title>Check | ${portalName}</title>`);
    expect(page?.html).toContain('<link rel="preload" as="image" href="/a.svg"/></head>');
    expect(page?.html).toContain('<body><h1>Check</h1></body>');
    expect(page?.status).toBe(200);
  });

  it('answers an unknown path with 404, and a page that is the same for everyone may be cached', async () => {
    const render = createServerRender(
      testApp.app,
      template,
      apiRenderer(() => '<h1>Page</h1>'),
    ).serve;
    expect(await render(request('/no-such-page'), false)).toMatchObject({ status: 404 });
    expect(await render(request('/about'), true)).toMatchObject({ status: 200, cacheControl: 'no-cache' });
  });

  it('keeps a page that is the same for everyone, and renders a record page every time, not stored', async () => {
    const renderPage = apiRenderer(() => '<h1>Page</h1>');
    const render = createServerRender(testApp.app, template, renderPage).serve;
    const first = await render(request('/verify'), true);
    expect(await render(request('/verify'), true)).toBe(first);
    expect(renderPage).toHaveBeenCalledOnce();

    const id = (await insertPerson(testApp.database.db)).id;
    const record = await render(request(`/info/${id}`), true);
    await render(request(`/info/${id}`), true);
    expect(renderPage).toHaveBeenCalledTimes(3);
    expect(record?.cacheControl).toBe('no-store');
  });

  it('does not keep a page asked with a query, so no visitor can fill the cache', async () => {
    const renderPage = apiRenderer(() => '<h1>Page</h1>');
    const render = createServerRender(testApp.app, template, renderPage).serve;
    await render(request('/verify?a=1'), true);
    await render(request('/verify?a=1'), true);
    expect(renderPage).toHaveBeenCalledTimes(2);
  });

  it('returns null when the render fails or the page redirects', async () => {
    const failing = vi.fn<RenderPage>(async () => {
      throw new Error('render failed');
    });
    expect(
      await createServerRender(testApp.app, template, failing).serve(request('/verify'), true),
    ).toBeNull();
    const redirecting = vi.fn<RenderPage>(async () => null);
    expect(
      await createServerRender(testApp.app, template, redirecting).serve(request('/verify'), true),
    ).toBeNull();
  });

  it('gives a page its language: <html lang>, and its address in every language for search engines', async () => {
    const render = createServerRender(
      testApp.app,
      template,
      apiRenderer(() => '<h1>Page</h1>'),
    ).serve;
    const { publicUrl } = testApp.app.config;
    const chinese = await render(request('/zh-Hans/verify'), true);
    expect(chinese?.html).toMatch(/^<html lang="zh-Hans">/);
    for (const [language, path] of [
      ['en', '/verify'],
      ['zh-Hans', '/zh-Hans/verify'],
      ['ms', '/ms/verify'],
      ['ta', '/ta/verify'],
      ['x-default', '/verify'],
    ]) {
      expect(chinese?.html).toContain(
        `<link rel="alternate" hreflang="${language}" href="${publicUrl}${path}">`,
      );
    }
    const home = await render(request('/ta'), true);
    expect(home?.html).toMatch(/^<html lang="ta">/);
    expect(home?.html).toContain(`hreflang="en" href="${publicUrl}/"`);
    expect(home?.html).toContain(`hreflang="ms" href="${publicUrl}/ms"`);
    // A query stays with every alternate, escaped for the attribute.
    const search = await render(request('/ms/search?q=a&copy=b'), true);
    expect(search?.html).toContain(`hreflang="ta" href="${publicUrl}/ta/search?q=a&amp;copy=b"`);
  });

  it('keeps each language of a page apart, and a record page in any language is not stored', async () => {
    const renderPage = apiRenderer(() => '<h1>Page</h1>');
    const render = createServerRender(testApp.app, template, renderPage).serve;
    const english = await render(request('/about'), true);
    const tamil = await render(request('/ta/about'), true);
    expect(tamil).not.toBe(english);
    expect(await render(request('/ta/about'), true)).toBe(tamil);
    const id = (await insertPerson(testApp.database.db)).id;
    expect((await render(request(`/zh-Hans/info/${id}`), true))?.cacheControl).toBe('no-store');
  });
});
