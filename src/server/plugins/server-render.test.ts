import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerState } from '#shared/server-state.ts';
import { insertPerson } from '../test/people.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { LandingPage } from './page-preloads.ts';
import { createServerRender } from './server-render.ts';

const template =
  '<html><head><title>Portal</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>' +
  '<body><div id="root"></div></body></html>';

const page = (data: LandingPage['data'], sameForEveryone = true): LandingPage => ({
  moduleLinks: '<link rel="modulepreload" crossorigin href="/assets/verify-1.js">',
  data,
  sameForEveryone,
  renderable: true,
});
const verifyPage = page([
  { url: '/api/site', queryKey: ['site'] },
  { url: '/api/content/verify', queryKey: ['content', 'verify'] },
]);
const recordPage = (id: string) =>
  page([{ url: `/api/certificates/${id}`, queryKey: ['certificate', id] }], false);

/** Stands in for the React renderer (built by `vite build --ssr`; the browser tests run the real one). */
function fakeRenderer(html: string) {
  const state: ServerState = { router: { loaderData: {} }, queries: { mutations: [], queries: [] } };
  return vi.fn(async (_url: string, data: [readonly unknown[], unknown][]) => ({
    html,
    state: { ...state, data } as ServerState,
  }));
}

describe('server render of landing pages', () => {
  let testApp: TestApp;
  const request = () => ({ ip: '203.0.113.9', log: testApp.app.log }) as never;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it("puts the rendered page in #root, its title and preloads in <head>, and the API's answers in a JSON block", async () => {
    const renderPage = fakeRenderer(
      '<title>Check | Portal</title><link rel="preload" as="image" href="/a.svg"/><h1>Check</h1>',
    );
    const html = await createServerRender(testApp.app, template, renderPage)(
      request(),
      '/verify',
      verifyPage,
    );

    expect(renderPage).toHaveBeenCalledOnce();
    const [url, data] = renderPage.mock.calls[0] ?? [];
    expect(url).toBe('http://localhost/verify');
    const site = (await testApp.app.inject({ url: '/api/site' })).json();
    expect(data).toEqual([
      [['site'], site],
      [['content', 'verify'], (await testApp.app.inject({ url: '/api/content/verify' })).json()],
    ]);
    expect(html).toContain('<head><title>Check | Portal</title>');
    expect(html).not.toContain('<title>Portal</title>');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/a.svg"/><script src="/start-after-paint.js"',
    );
    expect(html).toContain(
      '<div id="root"><h1>Check</h1></div><script type="application/json" id="server-state">',
    );
    // The page shows without its scripts: they are fetched once it has painted, entry first. The
    // entry's own imports (not the route's) are evaluated before it, each in its own task.
    expect(html).toContain(
      '<script src="/start-after-paint.js" defer data-modules="/assets/index-1.js /assets/react-1.js /assets/verify-1.js" data-evaluate-first="/assets/react-1.js"></script></head>',
    );
    expect(html).not.toMatch(/type="module"|modulepreload/);
  });

  it('writes the data so that nothing in it can close the JSON block', async () => {
    const id = (await insertPerson(testApp.database.db, { name: '</script><script>alert(1)</script>\u2028' }))
      .id;
    const renderPage = fakeRenderer('<h1>Record</h1>');
    const html =
      (await createServerRender(testApp.app, template, renderPage)(request(), '/info/x', recordPage(id))) ??
      '';
    const json = /id="server-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).not.toMatch(/[<\u2028]/);
    expect(JSON.stringify(JSON.parse(json))).toContain('</script><script>alert(1)</script>');
  });

  it('keeps a page that is the same for everyone, and renders a record page every time', async () => {
    const renderPage = fakeRenderer('<h1>Page</h1>');
    const render = createServerRender(testApp.app, template, renderPage);
    const first = await render(request(), '/verify', verifyPage);
    expect(await render(request(), '/verify', verifyPage)).toBe(first);
    expect(renderPage).toHaveBeenCalledOnce();

    const id = (await insertPerson(testApp.database.db)).id;
    await render(request(), `/info/${id}`, recordPage(id));
    await render(request(), `/info/${id}`, recordPage(id));
    expect(renderPage).toHaveBeenCalledTimes(3);
  });

  it('leaves the page to the browser when an answer is not 200, the page is not renderable, or the render fails', async () => {
    const renderPage = fakeRenderer('<h1>Record</h1>');
    const render = createServerRender(testApp.app, template, renderPage);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await render(request(), `/info/${unknown}`, recordPage(unknown))).toBeNull();
    expect(await render(request(), '/info/nope', { ...recordPage('nope'), renderable: false })).toBeNull();
    expect(renderPage).not.toHaveBeenCalled();

    const failing = vi.fn(async () => {
      throw new Error('render failed');
    });
    expect(
      await createServerRender(testApp.app, template, failing)(request(), '/verify', verifyPage),
    ).toBeNull();
    // A renderer that cannot render the page (a redirect, a loader error) says so with null.
    const declining = vi.fn(async () => null);
    expect(
      await createServerRender(testApp.app, template, declining)(request(), '/verify', verifyPage),
    ).toBeNull();
  });
});
