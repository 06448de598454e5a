import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { certificateQuery } from '#client/features/certificates/api/certificate-query.ts';
import { contentQuery } from '#client/features/content/api/content-query.ts';
import { siteQuery } from '#client/features/site/api/site-query.ts';
import { createLandingPages, createPagePreloads } from './page-preloads.ts';

const html = '<html><head><title>t</title></head><body></body></html>';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-preloads-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

fs.mkdirSync(path.join(dir, '.vite'));
fs.writeFileSync(
  path.join(dir, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_modal-1.js': { file: 'assets/modal-1.js', imports: ['_react-1.js'] },
    'app/routes/verify.tsx': { file: 'assets/verify-1.js', imports: ['_modal-1.js', 'index.html'] },
    'app/routes/info.tsx': { file: 'assets/info-1.js', imports: ['index.html'] },
    'app/routes/home.tsx': { file: 'assets/home-1.js' },
  }),
);
const page = createPagePreloads(createLandingPages(dir), html);

describe('createPagePreloads', () => {
  it("hints a landing page's route chunks (not the entry's) and the data it waits for", () => {
    const out = page('/verify');
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/verify-1.js">');
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/modal-1.js">');
    expect(out).not.toContain('react-1.js');
    expect(out).toContain('<link rel="preload" as="fetch" crossorigin href="/api/site">');
    expect(out).toContain('<link rel="preload" as="fetch" crossorigin href="/api/content/verify">');
    expect(out.indexOf('</head>')).toBeGreaterThan(out.indexOf('api/site'));
  });

  it('lists each route chunk after the chunks it imports', () => {
    const out = page('/verify');
    expect(out.indexOf('modal-1.js')).toBeLessThan(out.indexOf('verify-1.js'));
  });

  it('puts the record id in the certificate hint encoded, so it cannot break out of the attribute', () => {
    expect(page('/info/abc-123')).toContain('href="/api/certificates/abc-123"');
    const hostile = page('/info/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostile).toContain('href="/api/certificates/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E"');
    expect(hostile).not.toContain('<script>');
  });

  it('leaves other pages, and a build without a manifest, as they are', () => {
    expect(page('/dashboard/peoples')).toBe(html);
    expect(page('')).toBe(html);
    expect(createPagePreloads(createLandingPages(path.join(dir, 'missing')), html)('/verify')).toBe(html);
  });
});

describe('createLandingPages', () => {
  const landingPage = createLandingPages(dir);

  it("gives each landing page's data under the query key the browser's own queries use", () => {
    expect(landingPage('/verify')?.data).toEqual([
      { url: '/api/site', queryKey: siteQuery().queryKey },
      { url: '/api/content/verify', queryKey: contentQuery('verify').queryKey },
    ]);
    expect(landingPage('/')?.data.map((data) => data.queryKey)).toEqual([
      siteQuery().queryKey,
      contentQuery('home').queryKey,
      contentQuery('courses').queryKey,
    ]);
    expect(landingPage('/verify')?.sameForEveryone).toBe(true);
    const id = '4ef4a8de-1e94-499b-904c-2cdd09c8ec61';
    expect(landingPage(`/info/${id}`)).toMatchObject({
      data: [
        { url: '/api/site' },
        { url: `/api/certificates/${id}`, queryKey: certificateQuery(id).queryKey },
      ],
      sameForEveryone: false,
      renderable: true,
    });
  });

  it('renders a record page on the server only for a well-formed id', () => {
    expect(landingPage('/info/nope')?.renderable).toBe(false);
    expect(landingPage('/info/%22%3E')?.renderable).toBe(false);
    expect(landingPage('/dashboard')).toBeNull();
  });
});
