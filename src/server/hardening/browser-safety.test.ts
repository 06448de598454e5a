import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../features/users/create-staff-user.ts';
import { clientDir } from '../plugins/client.ts';
import { TEST_PASSWORD } from '../test/staff-session.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let plain: TestApp;
let secure: TestApp;
beforeAll(async () => {
  [plain, secure] = await Promise.all([
    createTestApp(),
    createTestApp({ PUBLIC_URL: 'https://certs.example.org' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), secure?.close()]);
});

/** `directive → sources` of a Content-Security-Policy header. */
function parseCsp(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [String(name).toLowerCase(), sources]),
  );
}

const pages = ['/', '/verify', '/info/3f1c2b9e-8a4d-4c6b-9e2f-1a2b3c4d5e6f', '/dashboard', '/no-such-page'];
const apiAnswers = ['/api/health', '/api/site', '/api/no-such-endpoint', '/api/people'];

describe('Content-Security-Policy', () => {
  it.each([...pages, ...apiAnswers])(
    'is strict on %s: no inline or eval script, no framing, no plugins',
    async (url) => {
      const response = await plain.app.inject({ method: 'GET', url });
      const header = response.headers['content-security-policy'];
      expect(typeof header, `${url} has a CSP`).toBe('string');
      const csp = parseCsp(String(header));

      const scriptSources = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scriptSources).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      for (const [directive, sources] of csp) {
        // Inline style attributes are allowed (Mantine needs them); nothing else may run inline or eval.
        if (directive !== 'style-src') expect(sources, directive).not.toContain("'unsafe-inline'");
        expect(sources, directive).not.toContain("'unsafe-eval'");
        expect(sources, directive).not.toContain('*');
      }
      // Browsers without CSP level 2 read only this one; it must not contradict frame-ancestors.
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    },
  );

  it('holds for the page the client serves: every script is a same-origin file or a JSON data block, no inline handler', async () => {
    const built = fs.existsSync(path.join(clientDir, 'index.html'));
    // Before `npm run build` (npm test builds after the API tests), the template is what will be served.
    const html = built
      ? (await plain.app.inject({ method: 'GET', url: '/verify' })).body
      : fs.readFileSync(path.resolve('src/client/index.html'), 'utf8');

    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      // The data a server-rendered page carries: never run, and with no "<" that could end it.
      if (/\btype="application\/json"/.test(attributes)) {
        expect(attributes).not.toMatch(/\bsrc=/);
        expect(() => JSON.parse(body)).not.toThrow();
        expect(body).not.toContain('<');
        continue;
      }
      // Same-origin files only: an absolute path on this host, built or in the template.
      expect(attributes).toMatch(/\bsrc="\/[^/]/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});

/** Signs in on `app` and returns every Set-Cookie header of the answer. */
async function signInCookies({ app }: TestApp): Promise<string[]> {
  const email = `cookie-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await createStaffUser(app, { email, name: 'Cookie', password: TEST_PASSWORD, role: 'staff' }, null);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: app.config.publicUrl },
    payload: { email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return [response.headers['set-cookie'] ?? []].flat();
}

const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and not Secure when PUBLIC_URL is http (local use)', async () => {
    const cookies = await signInCookies(plain);
    const session = cookies.find((cookie) => cookie.startsWith('better-auth.session_token='));
    expect(session).toBeDefined();
    for (const cookie of cookies) {
      expect(attributes(cookie)).toContain('httponly');
      expect(attributes(cookie)).toContain('samesite=lax');
      expect(attributes(cookie)).not.toContain('secure');
    }
  });

  it('is also Secure, under the __Secure- prefix, when PUBLIC_URL is https, and still signs the user in', async () => {
    const cookies = await signInCookies(secure);
    const session = cookies.find((cookie) => cookie.startsWith('__Secure-better-auth.session_token='));
    expect(session, cookies.join('\n')).toBeDefined();
    for (const cookie of cookies) {
      expect(attributes(cookie)).toContain('httponly');
      expect(attributes(cookie)).toContain('samesite=lax');
      expect(attributes(cookie)).toContain('secure');
    }

    const pair = String(session).split(';')[0] ?? '';
    const stats = await secure.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie: pair } });
    expect(stats.statusCode).toBe(200);
    // The same token without the prefix (as a plain-http page could set it) is not accepted.
    const unprefixed = pair.replace('__Secure-', '');
    const refused = await secure.app.inject({
      method: 'GET',
      url: '/api/stats',
      headers: { cookie: unprefixed },
    });
    expect(refused.statusCode).toBe(401);
  });
});
