import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersResponse, UserView } from '#shared/api/users.ts';
import { auditEvent, session, user } from '../../db/schema/index.ts';
import { signInAs, signInWith, TEST_PASSWORD } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('users API (administrators only)', () => {
  let testApp: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let staff: Awaited<ReturnType<typeof signInAs>>;
  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signInAs(testApp.app, 'admin');
    staff = await signInAs(testApp.app, 'staff');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const createUser = async (email: string, role: 'admin' | 'staff' = 'staff') => {
    const response = await asAdmin('POST', '/api/users', {
      email,
      name: 'New Person',
      password: TEST_PASSWORD,
      role,
    });
    expect(response.statusCode).toBe(201);
    return response.json<UserView>();
  };
  const auditOf = (id: string) =>
    testApp.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityType, 'user'), eq(auditEvent.entityId, id)))
      .orderBy(auditEvent.at);

  it.each([
    ['GET', '/api/users'],
    ['POST', '/api/users'],
    ['PATCH', `/api/users/${randomUUID()}`],
    ['DELETE', `/api/users/${randomUUID()}`],
    ['POST', `/api/users/${randomUUID()}/password-reset-link`],
  ] as const)('answers 403 to a staff user on %s %s', async (method, url) => {
    const response = await testApp.app.inject({
      method,
      url,
      headers: staff.headers,
      ...(method === 'PATCH' || url === '/api/users' ? { payload: {} } : {}),
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lists users with their role and ban state, never their credentials', async () => {
    const response = await asAdmin('GET', '/api/users');

    expect(response.statusCode).toBe(200);
    const { items } = response.json<UsersResponse>();
    expect(items).toEqual([
      {
        id: admin.user.id,
        email: admin.user.email,
        name: 'Test admin',
        role: 'admin',
        createdAt: expect.any(String),
        banned: false,
      },
      {
        id: staff.user.id,
        email: staff.user.email,
        name: 'Test staff',
        role: 'staff',
        createdAt: expect.any(String),
        banned: false,
      },
    ]);
    expect(response.body).not.toMatch(/password|scrypt/i);
  });

  it('creates a user who can then sign in, audited with the administrator as actor', async () => {
    const created = await createUser('Grace@Example.com');

    expect(created).toMatchObject({
      email: 'grace@example.com',
      name: 'New Person',
      role: 'staff',
      banned: false,
    });
    await expect(signInWith(testApp.app, 'grace@example.com', TEST_PASSWORD)).resolves.toContain(
      'session_token=',
    );
    const [event] = await auditOf(created.id);
    expect(event).toMatchObject({ action: 'create', actorId: admin.user.id, actorEmail: admin.user.email });
  });

  it('refuses a second user with the same email (any case) with 409', async () => {
    const response = await asAdmin('POST', '/api/users', {
      email: 'GRACE@example.com',
      name: 'Again',
      password: TEST_PASSWORD,
      role: 'staff',
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'A user with this email already exists.',
    });
  });

  it('refuses a weak password with 400 naming the password field and stores nothing', async () => {
    const before = await testApp.database.db.$count(user);

    const response = await asAdmin('POST', '/api/users', {
      email: 'weak@example.com',
      name: 'Weak',
      password: 'short',
      role: 'staff',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ password: 'Password must be at least 10 characters' });
    expect(await testApp.database.db.$count(user)).toBe(before);
  });

  it.each([
    ['a common password', 'password12', 'Password is too easy to guess. This is a commonly used password.'],
    [
      'their own name with digits',
      'Zorbanquith2026',
      'Password is too easy to guess. There should not be any personal or page related data.',
    ],
  ])('refuses %s with the estimator’s reason and stores nothing', async (_label, password, message) => {
    const before = await testApp.database.db.$count(user);

    const response = await asAdmin('POST', '/api/users', {
      email: 'zorbanquith@example.com',
      name: 'Zorbanquith',
      password,
      role: 'staff',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_INPUT', fields: { password: message } });
    expect(await testApp.database.db.$count(user)).toBe(before);
  });

  it('renames and promotes a user; the new role applies to their open session', async () => {
    const created = await createUser('promote@example.com');
    const cookie = await signInWith(testApp.app, 'promote@example.com', TEST_PASSWORD);
    const headers = { cookie, origin: testApp.app.config.publicUrl };
    expect((await testApp.app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(403);

    const response = await asAdmin('PATCH', `/api/users/${created.id}`, { name: 'Promoted', role: 'admin' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, name: 'Promoted', role: 'admin' });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(200);
    const events = await auditOf(created.id);
    expect(events.at(-1)).toMatchObject({
      action: 'update',
      changes: { name: ['New Person', 'Promoted'], role: ['staff', 'admin'] },
    });
  });

  it('gives a staff user the editor role: the pages open to their session, the people close', async () => {
    const created = await createUser('editor-to-be@example.com');
    const cookie = await signInWith(testApp.app, 'editor-to-be@example.com', TEST_PASSWORD);
    const headers = { cookie, origin: testApp.app.config.publicUrl };
    const status = async (url: string) =>
      (await testApp.app.inject({ method: 'GET', url, headers })).statusCode;
    expect([await status('/api/content-editor'), await status('/api/people')]).toEqual([403, 200]);

    const response = await asAdmin('PATCH', `/api/users/${created.id}`, { role: 'editor' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, role: 'editor' });
    expect([await status('/api/content-editor'), await status('/api/people')]).toEqual([200, 403]);
    const listed = (await asAdmin('GET', '/api/users')).json<{ items: UserView[] }>().items;
    expect(listed.find((row) => row.id === created.id)?.role).toBe('editor');
    expect((await auditOf(created.id)).at(-1)).toMatchObject({ changes: { role: ['staff', 'editor'] } });
  });

  it('bans a user: their sessions end at once and sign-in is refused', async () => {
    const created = await createUser('banned@example.com');
    const cookie = await signInWith(testApp.app, 'banned@example.com', TEST_PASSWORD);

    const response = await asAdmin('PATCH', `/api/users/${created.id}`, { banned: true });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ banned: true });
    expect(await testApp.database.db.$count(session, eq(session.userId, created.id))).toBe(0);
    const withOldCookie = await testApp.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie } });
    expect(withOldCookie.statusCode).toBe(401);
    await expect(signInWith(testApp.app, 'banned@example.com', TEST_PASSWORD)).rejects.toThrow(
      /sign-in failed/,
    );
    expect((await auditOf(created.id)).at(-1)).toMatchObject({
      action: 'update',
      changes: { banned: [false, true] },
    });
  });

  it("changes a user's email: they sign in with the new one, and the change is audited", async () => {
    const created = await createUser('old-address@example.com');

    const response = await asAdmin('PATCH', `/api/users/${created.id}`, {
      email: ' New-Address@Example.com ',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...created, email: 'new-address@example.com' });
    await expect(signInWith(testApp.app, 'new-address@example.com', TEST_PASSWORD)).resolves.toContain(
      'session_token=',
    );
    expect((await auditOf(created.id)).at(-1)).toMatchObject({
      action: 'update',
      actorId: admin.user.id,
      changes: { email: ['old-address@example.com', 'new-address@example.com'] },
    });
  });

  it('refuses an email another user has (409) or one that is not an email (400), changing nothing', async () => {
    const created = await createUser('keeps-address@example.com');

    const taken = await asAdmin('PATCH', `/api/users/${created.id}`, {
      email: 'GRACE@example.com',
      name: 'X',
    });
    const malformed = await asAdmin('PATCH', `/api/users/${created.id}`, { email: 'not-an-email' });

    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'A user with this email already exists.',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ email: 'Please enter a valid email' });
    const listed = (await asAdmin('GET', '/api/users')).json<UsersResponse>().items;
    expect(listed.find((u) => u.id === created.id)).toEqual(created);
  });

  it('unbans a user, who can sign in again, audited; the administrator stays signed in', async () => {
    const created = await createUser('unbanned@example.com');
    await asAdmin('PATCH', `/api/users/${created.id}`, { banned: true });

    const response = await asAdmin('PATCH', `/api/users/${created.id}`, { banned: false });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ banned: false });
    expect((await auditOf(created.id)).at(-1)?.changes).toEqual({ banned: [true, false] });
    expect((await asAdmin('GET', '/api/users')).statusCode).toBe(200);
    await expect(signInWith(testApp.app, 'unbanned@example.com', TEST_PASSWORD)).resolves.toContain(
      'session_token=',
    );
  });

  it('changes only the field sent: a renamed administrator stays an administrator, a ban stays', async () => {
    const created = await createUser('keeps@example.com', 'admin');
    expect((await asAdmin('PATCH', `/api/users/${created.id}`, { banned: true })).statusCode).toBe(200);

    const response = await asAdmin('PATCH', `/api/users/${created.id}`, { name: 'Renamed' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...created, name: 'Renamed', banned: true });
    expect((await auditOf(created.id)).at(-1)?.changes).toEqual({ name: ['New Person', 'Renamed'] });
  });

  it('still refuses a name sent empty with 400, changing nothing', async () => {
    const created = await createUser('blank@example.com');

    const response = await asAdmin('PATCH', `/api/users/${created.id}`, { name: ' ', role: 'admin' });

    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: 'Name is required' });
    const listed = (await asAdmin('GET', '/api/users')).json<UsersResponse>().items;
    expect(listed.find((u) => u.id === created.id)).toEqual(created);
  });

  it('refuses an empty change with 400', async () => {
    const response = await asAdmin('PATCH', `/api/users/${staff.user.id}`, {});

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('refuses to let administrators demote, ban or delete themselves', async () => {
    const demote = await asAdmin('PATCH', `/api/users/${admin.user.id}`, { role: 'staff' });
    const toEditor = await asAdmin('PATCH', `/api/users/${admin.user.id}`, { role: 'editor' });
    const ban = await asAdmin('PATCH', `/api/users/${admin.user.id}`, { banned: true });
    const remove = await asAdmin('DELETE', `/api/users/${admin.user.id}`);

    expect(demote.statusCode).toBe(400);
    expect(demote.json().fields).toHaveProperty('role');
    expect(toEditor.statusCode).toBe(400);
    expect(ban.statusCode).toBe(400);
    expect(remove.statusCode).toBe(400);
    expect(remove.json()).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'You cannot delete your own account.',
    });
    expect(await testApp.database.db.$count(user, eq(user.id, admin.user.id))).toBe(1);
  });

  it('deletes another user with their sessions, audited with who they were', async () => {
    const created = await createUser('leaver@example.com');
    const cookie = await signInWith(testApp.app, 'leaver@example.com', TEST_PASSWORD);

    const response = await asAdmin('DELETE', `/api/users/${created.id}`);
    const again = await asAdmin('DELETE', `/api/users/${created.id}`);

    expect(response.statusCode).toBe(204);
    expect(again.statusCode).toBe(404);
    expect(await testApp.database.db.$count(user, eq(user.id, created.id))).toBe(0);
    expect(await testApp.database.db.$count(session, eq(session.userId, created.id))).toBe(0);
    const withOldCookie = await testApp.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie } });
    expect(withOldCookie.statusCode).toBe(401);
    expect((await auditOf(created.id)).at(-1)).toMatchObject({
      action: 'delete',
      actorEmail: admin.user.email,
      changes: { email: ['leaver@example.com', null] },
    });
  });

  it('answers 404 for an unknown user', async () => {
    const response = await asAdmin('PATCH', `/api/users/${randomUUID()}`, { name: 'Nobody' });

    expect(response.statusCode).toBe(404);
  });
});
