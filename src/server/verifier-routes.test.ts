import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from './app.ts';
import { isPublic, routeKey as key, requestFor, VERIFIER_ROUTES } from './test/route-table.ts';
import { signInAs } from './test/staff-session.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { signInAsVerifier } from './test/verifier-session.ts';

describe('verifier accounts and staff accounts reach only their own routes', () => {
  let testApp: TestApp;
  let routes: readonly RouteEntry[];
  let verifierHeaders: Record<string, string>;
  beforeAll(async () => {
    testApp = await createTestApp();
    routes = testApp.app.routeList.filter((route) => !isPublic(route));
    const admin = await signInAs(testApp.app, 'admin');
    verifierHeaders = (await signInAsVerifier(testApp.app, admin)).headers;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers 403 to a signed-in verifier (two-factor on) on every staff route, and serves its own', async () => {
    const staffRoutes = routes.filter((route) => !VERIFIER_ROUTES.has(key(route)));
    expect(staffRoutes.length).toBeGreaterThan(50);

    const failures: string[] = [];
    for (const route of routes) {
      const response = await testApp.app.inject(requestFor(route, verifierHeaders));
      const own = VERIFIER_ROUTES.has(key(route));
      const refused =
        response.statusCode === 403 && (route.method === 'HEAD' || response.json().code === 'FORBIDDEN');
      if (own ? response.statusCode === 401 || response.statusCode === 403 : !refused) {
        failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to staff and administrator sessions on every verifier route', async () => {
    const failures: string[] = [];
    for (const role of ['staff', 'admin'] as const) {
      const { headers } = await signInAs(testApp.app, role);
      for (const route of routes.filter((r) => VERIFIER_ROUTES.has(key(r)))) {
        const response = await testApp.app.inject(requestFor(route, headers));
        if (response.statusCode !== 403)
          failures.push(`${role} ${route.method} ${route.url} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lists every route under /api/verifier/ as a verifier route, and no other', () => {
    const underPrefix = routes.filter((route) => route.url.startsWith('/api/verifier/')).map(key);
    expect(new Set(underPrefix)).toEqual(VERIFIER_ROUTES);
  });
});
