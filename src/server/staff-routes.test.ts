import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from './app.ts';
import { clientDir } from './plugins/client.ts';
import { signInAs } from './test/staff-session.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * The only routes that may answer without a session. Written out one by one on purpose: a new
 * route that is not registered inside the staff scope fails this test until it is added here.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/site',
  'GET /api/content/:name',
  'GET /api/search',
  'GET /.well-known/security.txt',
  'POST /api/contact',
  'POST /api/feedback',
  'GET /api/verify/challenge',
  'POST /api/verify',
  'GET /api/certificates/:id',
  'GET /api/certificates/:id/qr.svg',
  'GET /files/:key',
  'GET /api/setup',
  'POST /api/setup',
  'GET /api/auth/*',
  'POST /api/auth/*',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
]);

/** Routes only an administrator may use; each must also be marked `config.role: 'admin'`. */
const ADMIN_ROUTES = new Set([
  'GET /api/users',
  'POST /api/users',
  'PATCH /api/users/:id',
  'DELETE /api/users/:id',
  'POST /api/people/:id/restore',
]);

// HEAD is answered by the GET route's handler and hooks, so it is as public as its GET.
const key = ({ method, url }: RouteEntry) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** A file of the built client, served by @fastify/static: public by nature. */
const isClientFile = ({ method, url }: RouteEntry) =>
  (method === 'GET' || method === 'HEAD') &&
  !url.includes(':') &&
  !url.includes('*') &&
  fs.statSync(path.join(clientDir, url), { throwIfNoEntry: false })?.isFile() === true;

const isPublic = (route: RouteEntry) => PUBLIC_ROUTES.has(key(route)) || isClientFile(route);

/** A request for the route: path parameters filled with a random id, `{}` as a JSON body. */
const requestFor = ({ method, url }: RouteEntry, headers: Record<string, string> = {}): InjectOptions => ({
  method: method as InjectOptions['method'],
  url: url.replace(/:[A-Za-z]+/g, randomUUID()).replace('*', 'anything'),
  headers: { origin: 'http://localhost:3000', ...headers },
  ...(['POST', 'PATCH', 'PUT'].includes(method) ? { payload: {} } : {}),
});

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
  });

  it('answers 401 without a session on every route outside the public allow-list', async () => {
    const guarded = routes.filter((route) => !isPublic(route));
    expect(guarded.length).toBeGreaterThan(10);

    const failures: string[] = [];
    for (const route of guarded) {
      const response = await testApp.app.inject(requestFor(route));
      const code = route.method === 'HEAD' ? 'UNAUTHENTICATED' : response.json().code;
      if (response.statusCode !== 401 || code !== 'UNAUTHENTICATED') {
        failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('marks the administrator routes admin-only and answers 403 to a staff session on each', async () => {
    const { headers } = await signInAs(testApp.app, 'staff');
    const adminMarked = routes.filter((route) => route.role === 'admin');
    for (const adminOnly of ADMIN_ROUTES) {
      expect(adminMarked.map(key), adminOnly).toContain(adminOnly);
    }

    const failures: string[] = [];
    for (const route of adminMarked) {
      const response = await testApp.app.inject(requestFor(route, headers));
      if (response.statusCode !== 403) failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
