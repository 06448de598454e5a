import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvent, user } from '../db/schema/index.ts';
import { signInAs, signInWith, TEST_PASSWORD } from '../test/staff-session.ts';
import { countRows, createTestApp, type TestApp } from '../test/test-app.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness?.close();
});

const post = (url: string, headers: Record<string, string>, payload: unknown, remoteAddress?: string) =>
  harness.app.inject({ method: 'POST', url, headers, payload: payload as object, remoteAddress });
const sessionWorks = async (cookie: string) =>
  (await harness.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie } })).statusCode === 200;

describe('only the Better Auth endpoints the portal uses are reachable', () => {
  it('answers 404 to its admin, sign-up and account endpoints, even for an administrator', async () => {
    const { headers, user: admin } = await signInAs(harness.app, 'admin');
    const usersBefore = await countRows(harness.database, 'user');
    const attempts = [
      ['/api/auth/admin/create-user', { email: 'weak@example.com', password: 'x', name: 'W', role: 'admin' }],
      ['/api/auth/admin/set-role', { userId: admin.id, role: 'staff' }],
      ['/api/auth/admin/impersonate-user', { userId: admin.id }],
      ['/api/auth/admin/set-user-password', { userId: admin.id, newPassword: 'x' }],
      ['/api/auth/sign-up/email', { email: 'new@example.com', password: 'a long password 1', name: 'N' }],
      ['/api/auth/update-user', { name: 'Renamed' }],
      ['/api/auth/revoke-sessions', {}],
    ] as const;
    for (const [url, payload] of attempts) {
      const response = await post(url, headers, payload);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('NOT_FOUND');
    }
    for (const url of ['/api/auth/list-sessions', '/api/auth/admin/list-users']) {
      expect((await harness.app.inject({ method: 'GET', url, headers })).statusCode, url).toBe(404);
    }
    expect(await countRows(harness.database, 'user')).toBe(usersBefore);
    const [row] = await harness.database.db.select().from(user).where(eq(user.id, admin.id));
    expect(row?.role).toBe('admin');
  });

  it('refuses a megabyte of nested JSON on sign-out with 413, before parsing it', async () => {
    const deep = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'content-type': 'application/json', origin: harness.app.config.publicUrl },
      payload: deep,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('limits session reads per address: 429 after 600 in a minute, other addresses unaffected', async () => {
    const read = (remoteAddress: string) =>
      harness.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress });
    for (let i = 0; i < 600; i++) expect((await read('10.9.9.9')).statusCode).toBe(200);
    const over = await read('10.9.9.9');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read('10.9.9.10')).statusCode).toBe(200);
  });
});

describe('a user changing their own password', () => {
  it('ends every other session, keeps the one that changed it, and is audited', async () => {
    const { user: me, cookie } = await signInAs(harness.app, 'staff');
    const other = await signInWith(harness.app, me.email, TEST_PASSWORD);
    expect(await sessionWorks(other)).toBe(true);

    const changed = await post(
      '/api/auth/change-password',
      { cookie, origin: harness.app.config.publicUrl },
      { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase', revokeOtherSessions: false },
    );
    expect(changed.statusCode).toBe(200);

    expect(await sessionWorks(other)).toBe(false);
    const renewed = [changed.headers['set-cookie'] ?? []].flat().find((c) => c.includes('session_token='));
    expect(await sessionWorks(String(renewed).split(';')[0] ?? '')).toBe(true);
    await expect(signInWith(harness.app, me.email, TEST_PASSWORD)).rejects.toThrow();
    await signInWith(harness.app, me.email, 'a brand new passphrase');

    const events = await harness.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, me.id), eq(auditEvent.action, 'update')));
    expect(events.map((event) => [event.actorId, Object.keys(event.changes)])).toEqual([
      [me.id, ['password']],
    ]);
  });

  it('holds a new password to the portal’s rule and changes nothing when refused', async () => {
    const { user: me, cookie } = await signInAs(harness.app, 'staff');
    for (const newPassword of ['short', 'aaaaaaaaaaaa', 'password1234', 'password12', 'Summer2024!']) {
      const refused = await post(
        '/api/auth/change-password',
        { cookie, origin: harness.app.config.publicUrl },
        { currentPassword: TEST_PASSWORD, newPassword },
      );
      expect(refused.statusCode, newPassword).toBe(400);
      expect(refused.json().fields?.newPassword, newPassword).toBeTruthy();
    }
    expect(await sessionWorks(cookie)).toBe(true);
    await signInWith(harness.app, me.email, TEST_PASSWORD);
  });

  it('answers 401 without a session', async () => {
    const response = await post(
      '/api/auth/change-password',
      { origin: harness.app.config.publicUrl },
      { currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase' },
    );
    expect(response.statusCode).toBe(401);
  });
});
