import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyScope, CreatedApiKey } from '#shared/api/api-keys.ts';
import type { RouteEntry } from '../../app.ts';
import { API_KEY_ROUTES } from '../../auth/key-access.ts';
import { apiKey, auditEvent, person } from '../../db/schema/index.ts';
import { nextTurn } from '../../test/next-turn.ts';
import { isPublic, requestFor, routeKey } from '../../test/route-table.ts';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartForm, personFields, personFiles } from '../../test/upload-fixtures.ts';

type Session = Awaited<ReturnType<typeof signInAs>>;

describe('API keys for the issuer’s systems', () => {
  let harness: TestApp;
  let admin: Session;
  const logLines: string[] = [];
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const inject = async (options: InjectOptions) => {
    await nextTurn();
    return harness.app.inject(options);
  };

  beforeAll(async () => {
    harness = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
    admin = await signInAs(harness.app, 'admin');
  });
  afterAll(async () => {
    await harness?.close();
  });

  const create = async (scope: ApiKeyScope, name = `${scope} key`, expiresInDays = 30) => {
    const response = await inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name, scope, expiresInDays },
    });
    expect(response.statusCode).toBe(201);
    return response.json<CreatedApiKey>();
  };
  const listPeople = (key: string) => inject({ method: 'GET', url: '/api/people', headers: bearer(key) });

  it('lets each scope call exactly the routes it names, and keys nothing else', async () => {
    const routes: readonly RouteEntry[] = harness.app.routeList;
    const registered = new Set(routes.map(routeKey));
    for (const listed of API_KEY_ROUTES.keys()) expect(registered, listed).toContain(listed);
    for (const [route, scope] of API_KEY_ROUTES) {
      // A read never changes anything: GET, or the export that takes its filter as a body.
      if (scope === 'read')
        expect(route.startsWith('GET ') || route === 'POST /api/people/export.csv', route).toBe(true);
      expect(route, 'keys never manage users, keys or settings').not.toMatch(/\/api\/(users|api-keys|setup)/);
    }

    const keys = { read: (await create('read')).key, write: (await create('write')).key };
    const failures: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r))) {
      const needed = API_KEY_ROUTES.get(routeKey(route));
      for (const scope of ['read', 'write'] as const) {
        const allowed = needed === 'read' || (needed === 'write' && scope === 'write');
        const response = await inject(requestFor(route, bearer(keys[scope])));
        const refused = response.statusCode === 401 || response.statusCode === 403;
        if (refused === allowed) failures.push(`${scope} key: ${routeKey(route)} → ${response.statusCode}`);
        if (!allowed && response.statusCode !== 403)
          failures.push(`${scope} key: ${routeKey(route)} not 403`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('adds a person with a write key, and the audit event names the key', async () => {
    const { key, id } = await create('write', 'Records sync');
    const payload = multipartForm({ ...personFields({ name: 'Key Added' }) }, await personFiles());
    const added = await inject({ method: 'POST', url: '/api/people', headers: bearer(key), payload });

    expect(added.statusCode).toBe(201);
    const [event] = await harness.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityType, 'person'), eq(auditEvent.entityId, added.json().id)));
    expect(event).toMatchObject({ actorId: id, actorEmail: 'API key "Records sync"', action: 'create' });
  });

  it('refuses a write with a read key and stores nothing', async () => {
    const { key } = await create('read');
    const before = await harness.database.db.$count(person);
    const payload = multipartForm({ ...personFields({ name: 'Not Added' }) }, await personFiles());
    const refused = await inject({ method: 'POST', url: '/api/people', headers: bearer(key), payload });

    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API key may only read records.');
    expect(await harness.database.db.$count(person)).toBe(before);
  });

  it('answers 401 to an expired, a revoked and an unknown key', async () => {
    const expired = await create('read');
    const revoked = await create('read');
    expect((await listPeople(expired.key)).statusCode).toBe(200);
    expect((await listPeople(revoked.key)).statusCode).toBe(200);

    await harness.database.db
      .update(apiKey)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKey.id, expired.id));
    const revoke = await inject({
      method: 'DELETE',
      url: `/api/api-keys/${revoked.id}`,
      headers: admin.headers,
    });
    expect(revoke.statusCode).toBe(200);

    for (const key of [expired.key, revoked.key, `${revoked.key.slice(0, -2)}xx`]) {
      const response = await listPeople(key);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('audits creating and revoking a key under its name, never the key, and a revocation once', async () => {
    const { key, id, expiresAt } = await create('write', 'Training system');
    for (let time = 0; time < 2; time++) {
      const revoked = await inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers: admin.headers });
      expect(revoked.statusCode).toBe(200);
    }

    const trail = await inject({
      method: 'GET',
      url: `/api/audit?entityType=apiKey&entityId=${id}`,
      headers: admin.headers,
    });
    const events = trail.json().items;
    expect(events).toHaveLength(2);
    expect(events.map((event: { action: string }) => event.action).sort()).toEqual(['create', 'revoke']);
    for (const event of events) {
      expect(event).toMatchObject({ actorId: admin.user.id, entityName: 'Training system' });
    }
    const created = events.find((event: { action: string }) => event.action === 'create');
    expect(created.changes).toEqual({
      name: [null, 'Training system'],
      scope: [null, 'write'],
      expiresAt: [null, expiresAt],
    });
    expect(trail.body).not.toContain(key.slice(6));
  });

  it('lists keys with their last use, and never the key again', async () => {
    const { key, id } = await create('read', 'Nightly report');
    const unused = await inject({ method: 'GET', url: '/api/api-keys', headers: admin.headers });
    expect(unused.json().items.find((item: { id: string }) => item.id === id).lastUsedAt).toBeNull();

    await listPeople(key);
    const listed = await inject({ method: 'GET', url: '/api/api-keys', headers: admin.headers });
    const item = listed.json().items.find((entry: { id: string }) => entry.id === id);
    expect(Date.parse(item.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(key.startsWith(item.prefix)).toBe(true);
    expect(listed.body).not.toContain(key);
    const [stored] = await harness.database.db.select().from(apiKey).where(eq(apiKey.id, id));
    expect(JSON.stringify(stored)).not.toContain(key);
  });

  it('never writes a key into the logs', async () => {
    const { key } = await create('read');
    await listPeople(key);
    await inject({ method: 'GET', url: '/api/users', headers: bearer(key) });
    await inject({ method: 'GET', url: `/api/people?q=${key}`, headers: bearer(key) });

    expect(logLines.length).toBeGreaterThan(3);
    expect(logLines.join('\n')).not.toContain(key.slice(6));
  });

  it('refuses bad input to key creation with a clear message, and keys to staff sessions', async () => {
    const bad = await inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: ' ', scope: 'admin', expiresInDays: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      name: 'Name is required',
      scope: 'Scope must be read or write',
    });

    const staff = await signInAs(harness.app, 'staff');
    const asStaff = await inject({ method: 'GET', url: '/api/api-keys', headers: staff.headers });
    expect(asStaff.statusCode).toBe(403);
  });

  it('shows the key scheme in /api/docs, on the routes that take a key only', async () => {
    const docs = (await inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(docs.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(docs.paths['/api/people'].post.security).toContainEqual({ apiKey: [] });
    expect(docs.paths['/api/people'].get.description).toContain('read scope');
    expect(docs.paths['/api/users'].get.security).toBeUndefined();
    expect(docs.paths['/api/api-keys'].post.security).toBeUndefined();
  });
});
