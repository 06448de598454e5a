import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSpellings, rawRequest } from '../test/raw-http.ts';
import { requestFor } from '../test/route-table.ts';
import { signInAs } from '../test/staff-session.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let harness: TestApp;
let port: number;
beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  port = (harness.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await harness?.close();
});

describe('the same-origin check judges the route that matched, not the spelling of its path', () => {
  it('refuses a cross-site write with an admin session on every state-changing route and spelling', async () => {
    const { cookie } = await signInAs(harness.app, 'admin');
    const writes = harness.app.routeList.filter(
      (route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method),
    );
    expect(writes.length).toBeGreaterThan(20);

    const failures: string[] = [];
    for (const route of writes) {
      const path = String(requestFor(route).url);
      for (const spelling of pathSpellings(path, port)) {
        const answer = await rawRequest(port, {
          method: route.method,
          target: spelling.target,
          headers: { cookie, origin: 'https://evil.example' },
          body: '{}',
        });
        const code = (JSON.parse(answer.body || '{}') as { code?: string }).code;
        // A spelling the router does not read as the route reaches nothing: 404 is as good as 403.
        const refused = answer.status === 403 && code === 'FORBIDDEN';
        const unrouted = !spelling.routes && answer.status === 404;
        if (!refused && !unrouted) failures.push(`${route.method} ${spelling.target} → ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
