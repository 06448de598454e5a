import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, pathIn, translatedLanguages } from '#shared/i18n/languages.ts';
import { publicPages, staffPages } from '#shared/routes.ts';
import { routeKey } from '../test/route-table.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { ClientSourceFactory } from './client.ts';

/**
 * Stands in for the pages the build makes (the browser tests and the dev server's test run the real
 * ones): it shows which address it rendered and whether the server knew it as a page.
 */
const markedPages: ClientSourceFactory = async () => ({
  staffApp: async () => '<main>staff app</main>',
  renderPublicPage: async (request, known) => ({
    html: `<main>${known ? 'page' : 'not found'} ${request.url}</main>`,
    status: known ? 200 : 404,
    cacheControl: 'no-cache',
  }),
});

/** Addresses near a page's that name none: a record address without its id among them. */
const notPages = ['/no-such-page', '/about/more', '/zh-Hans/no-such-page', '/info', '/info/', '/info//'];

// A path with its parameters filled in, as a visitor would type it.
const visit = (path: string) => path.replace(':id', 'abc').replace('*', 'peoples');

describe('page routes', () => {
  let testApp: TestApp;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    testApp = await createTestApp({}, { client: markedPages });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('lists every public page in every language, and every staff page in English only', async () => {
    const registered = new Set(testApp.app.routeList.map(routeKey));
    for (const path of Object.values(publicPages)) {
      for (const language of languages) expect(registered).toContain(`GET ${pathIn(language, path)}`);
    }
    for (const path of Object.values(staffPages)) {
      expect(registered).toContain(`GET ${path}`);
      for (const language of translatedLanguages) expect(registered).not.toContain(`GET /${language}${path}`);
    }
    // Pages are not the API: its OpenAPI document leaves them out.
    const { paths } = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(paths)).not.toContain('/about');
    expect(Object.keys(paths)).not.toContain('/info/{id}');
  });

  it('renders every public page at its address in every language, with or without a final slash', async () => {
    for (const path of Object.values(publicPages)) {
      for (const language of languages) {
        const address = pathIn(language, visit(path));
        for (const spelling of address === '/' ? ['/'] : [address, `${address}/`]) {
          const answer = await get(spelling);
          expect(answer.statusCode, spelling).toBe(200);
          expect(answer.body, spelling).toBe(`<main>page ${spelling}</main>`);
        }
      }
    }
  });

  it('serves the staff app at staff pages, and "Page not found" under another language or elsewhere', async () => {
    for (const path of Object.values(staffPages)) {
      const answer = await get(visit(path));
      expect(answer.body, path).toBe('<main>staff app</main>');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect((await get(`/ms${visit(path)}`)).statusCode, path).toBe(404);
    }
    for (const unknown of notPages) {
      const answer = await get(unknown);
      expect(answer.statusCode, unknown).toBe(404);
      expect(answer.body, unknown).toBe(`<main>not found ${unknown}</main>`);
    }
  });

  it('answers a record link longer than any id with "Page not found", not the API’s JSON', async () => {
    const mangled = `/info/${'a'.repeat(300)}`;
    const answer = await get(mangled);
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toBe(`<main>not found ${mangled}</main>`);
    expect((await get(`/api/certificates/${'a'.repeat(300)}`)).json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
