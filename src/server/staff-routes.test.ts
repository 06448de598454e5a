import { createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from './app.ts';
import { session, user } from './db/schema/index.ts';
import {
  ADMIN_ROUTES,
  CONTENT_ROUTES,
  isPublic,
  routeKey as key,
  PUBLIC_ROUTES,
  requestFor,
  TOKEN_ROUTES,
  VERIFIER_ROUTES,
} from './test/route-table.ts';
import { signInAs } from './test/staff-session.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('every staff route is guarded by the session hook', () => {
  let testApp: TestApp;
  let routes: readonly RouteEntry[];
  beforeAll(async () => {
    testApp = await createTestApp();
    routes = testApp.app.routeList;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('sees the staff routes and every public route in the allow-list', () => {
    const registered = new Set(routes.map(key));

    expect(registered).toContain('GET /api/renewals');
    expect(registered).toContain('GET /api/stats');
    // A stale allow-list entry would hide nothing today but could bless a future route by accident.
    for (const allowed of PUBLIC_ROUTES) expect(registered, allowed).toContain(allowed);
    for (const adminOnly of ADMIN_ROUTES) expect(registered, adminOnly).toContain(adminOnly);
    for (const content of CONTENT_ROUTES) expect(registered, content).toContain(content);
    for (const ownToken of TOKEN_ROUTES) expect(registered, ownToken).toContain(ownToken);
    for (const verifiers of VERIFIER_ROUTES) expect(registered, verifiers).toContain(verifiers);
  });

  /** Every guarded route that does not answer 401 UNAUTHENTICATED to a request with `headers`. */
  async function notRefused(headers: Record<string, string> = {}) {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r))) {
      const response = await testApp.app.inject(requestFor(route, headers));
      const code = route.method === 'HEAD' ? 'UNAUTHENTICATED' : response.json().code;
      if (response.statusCode !== 401 || code !== 'UNAUTHENTICATED') {
        failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
      }
    }
    return failures;
  }

  it('answers 401 without a session on every route outside the public allow-list', async () => {
    expect(routes.filter((route) => !isPublic(route)).length).toBeGreaterThan(10);
    expect(await notRefused()).toEqual([]);
  });

  it('marks the administrator routes admin-only and answers 403 to a staff session on each', async () => {
    const { headers } = await signInAs(testApp.app, 'staff');
    const adminMarked = routes.filter((route) => route.role === 'admin');
    for (const adminOnly of ADMIN_ROUTES) {
      expect(adminMarked.map(key), adminOnly).toContain(adminOnly);
    }

    const failures: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r))) {
      const response = await testApp.app.inject(requestFor(route, headers));
      const refused = response.statusCode === 401 || response.statusCode === 403;
      // Admin, content and verifier routes refuse the staff session; every other guarded route lets
      // it through to the handler, so a hook that refused everyone would fail here too.
      if (refused !== (route.role !== undefined || VERIFIER_ROUTES.has(key(route)))) {
        failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
      }
      if (route.role === 'admin' && route.method !== 'HEAD' && response.json().code !== 'FORBIDDEN') {
        failures.push(`${route.method} ${route.url} → ${response.json().code}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets an editor reach the content editing routes only, and answers 403 on every other one', async () => {
    const { headers } = await signInAs(testApp.app, 'editor');
    const contentMarked = routes.filter((route) => route.role === 'content').map(key);
    expect(new Set(contentMarked)).toEqual(CONTENT_ROUTES);

    const failures: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r))) {
      const response = await testApp.app.inject(requestFor(route, headers));
      // A content route may answer a page (the preview) or a PDF; a refusal is always JSON.
      const json = route.method !== 'HEAD' && String(response.headers['content-type']).includes('json');
      const code = json ? response.json().code : null;
      const refused = response.statusCode === 403 && (route.method === 'HEAD' || code === 'FORBIDDEN');
      if (refused === CONTENT_ROUTES.has(key(route))) {
        failures.push(`${route.method} ${route.url} → ${response.statusCode} ${code}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('marks every staff answer Cache-Control: no-store, refused or answered', async () => {
    const { headers } = await signInAs(testApp.app, 'admin');
    const failures: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r))) {
      // Without a session every route answers; with one, the reads (lists of people, the audit trail).
      const asked = [requestFor(route), ...(route.method === 'GET' ? [requestFor(route, headers)] : [])];
      for (const request of asked) {
        const response = await testApp.app.inject(request);
        if (response.headers['cache-control'] !== 'no-store')
          failures.push(
            `${route.method} ${route.url} → ${response.statusCode} ${response.headers['cache-control']}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  describe('refuses a session cookie that is not a live session', () => {
    // A new admin for each sign-in: one account may sign in only 5 times in 15 minutes.
    const signInNew = async () => (await signInAs(testApp.app, 'admin')).cookie;
    let cookieName: string;
    let tokenOf: (cookie: string) => string;
    const accepted = async (cookie: string) =>
      (await testApp.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie } })).statusCode;

    beforeAll(async () => {
      const sample = await signInNew();
      cookieName = sample.slice(0, sample.indexOf('='));
      // The cookie is `token.signature`, URL-encoded; the token alone is what the session row holds.
      tokenOf = (cookie) => {
        const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
        return value.slice(0, value.lastIndexOf('.'));
      };
    });

    it('refuses forged cookies: random, unsigned, and signed with another secret', async () => {
      const real = await signInNew();
      expect(await accepted(real)).toBe(200);
      const token = tokenOf(real);
      const foreignSignature = createHmac('sha256', randomBytes(32)).update(token).digest('base64');
      const forged = [
        `${cookieName}=${encodeURIComponent(`${randomBytes(24).toString('base64url')}.${randomBytes(32).toString('base64')}`)}`,
        `${cookieName}=${token}`,
        `${cookieName}=${encodeURIComponent(`${token}.${foreignSignature}`)}`,
      ];
      for (const cookie of forged) expect(await notRefused({ cookie }), cookie).toEqual([]);
    });

    it('refuses a session that has expired in the database', async () => {
      const cookie = await signInNew();
      expect(await accepted(cookie)).toBe(200);
      await testApp.database.db
        .update(session)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(session.token, tokenOf(cookie)));
      expect(await notRefused({ cookie })).toEqual([]);
    });

    it('extends a session that has been in use for an hour, and only such a session', async () => {
      const due = await signInNew();
      const fresh = await signInNew();
      const expiresAt = async (cookie: string) =>
        (
          await testApp.database.db
            .select({ at: session.expiresAt })
            .from(session)
            .where(eq(session.token, tokenOf(cookie)))
        )[0]?.at.getTime() ?? 0;
      // Twelve hours from sign-in, extended on use once an hour of them has passed.
      await testApp.database.db
        .update(session)
        .set({ expiresAt: sql`now() + interval '10 hours'` })
        .where(eq(session.token, tokenOf(due)));
      const freshBefore = await expiresAt(fresh);

      expect(await accepted(due)).toBe(200);
      expect(await accepted(fresh)).toBe(200);

      expect(await expiresAt(due)).toBeGreaterThan(Date.now() + 11.9 * 3600_000);
      expect(await expiresAt(fresh)).toBe(freshBefore);
    });

    it('refuses a session after sign-out', async () => {
      const cookie = await signInNew();
      expect(await accepted(cookie)).toBe(200);
      const signOut = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie, origin: testApp.app.config.publicUrl },
        payload: {},
      });
      expect(signOut.statusCode).toBe(200);
      expect(await notRefused({ cookie })).toEqual([]);
    });

    it('refuses the session of a user banned behind its back (the database says banned)', async () => {
      const { cookie, user: banned } = await signInAs(testApp.app, 'admin');
      expect(await accepted(cookie)).toBe(200);
      await testApp.database.db.update(user).set({ banned: true }).where(eq(user.id, banned.id));
      expect(await notRefused({ cookie })).toEqual([]);
    });
  });

  it('answers 403 to a cross-site state-changing request even with an admin session', async () => {
    const { cookie } = await signInAs(testApp.app, 'admin');
    const writes = routes.filter((r) => !isPublic(r) && !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    expect(writes.length).toBeGreaterThan(5);

    const failures: string[] = [];
    for (const route of writes) {
      const crossSite: Record<string, string>[] = [
        { cookie, origin: 'https://evil.example' },
        { cookie, origin: 'null' },
        { cookie, 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of crossSite) {
        const request = requestFor(route, headers);
        if (!('origin' in headers)) delete (request.headers as Record<string, string>).origin;
        const response = await testApp.app.inject(request);
        if (response.statusCode !== 403 || response.json().code !== 'FORBIDDEN') {
          failures.push(`${route.method} ${route.url} ${headers.origin} → ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
