import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordResetLinkView, UserView } from '#shared/api/users.ts';
import { auditEvent, session, verification } from '../../db/schema/index.ts';
import { signInAs, signInWith, TEST_PASSWORD } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe('password reset links', () => {
  let testApp: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signInAs(testApp.app, 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { origin: testApp.app.config.publicUrl, ...headers },
      payload,
    });
  const createUser = async (email: string) => {
    const response = await post(
      '/api/users',
      { email, name: 'Reset Person', password: TEST_PASSWORD, role: 'staff' },
      admin.headers,
    );
    expect(response.statusCode).toBe(201);
    return response.json<UserView>();
  };
  const makeLink = async (userId: string) => {
    const response = await post(`/api/users/${userId}/password-reset-link`, {}, admin.headers);
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json<PasswordResetLinkView>();
    return { ...link, token: new URL(link.url).searchParams.get('token') ?? '' };
  };
  const lastAudit = async (userId: string) =>
    (
      await testApp.database.db
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.entityType, 'user'), eq(auditEvent.entityId, userId)))
        .orderBy(auditEvent.at)
    ).at(-1);

  it('gives an administrator a one-time link for a day, audited, storing only a hash of its token', async () => {
    const user = await createUser('link@example.com');

    const link = await makeLink(user.id);

    expect(link.url).toMatch(
      new RegExp(`^${testApp.app.config.publicUrl}/reset-password\\?token=[\\w-]{43}$`),
    );
    const hoursValid = (Date.parse(link.expiresAt) - Date.now()) / 3600_000;
    expect(hoursValid).toBeGreaterThan(23.9);
    expect(hoursValid).toBeLessThanOrEqual(24);
    const stored = await testApp.database.db
      .select()
      .from(verification)
      .where(like(verification.identifier, 'password-reset:%'));
    expect(JSON.stringify(stored)).not.toContain(link.token);
    expect(await lastAudit(user.id)).toMatchObject({
      action: 'update',
      actorId: admin.user.id,
      changes: { passwordResetLink: [null, expect.stringMatching(/^valid until /)] },
    });
    const check = await post('/api/password-reset/check', { token: link.token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ email: 'link@example.com' });
  });

  it('sets the new password once: the old password and every old session stop working', async () => {
    const user = await createUser('forgot@example.com');
    const oldCookie = await signInWith(testApp.app, 'forgot@example.com', TEST_PASSWORD);
    const { token } = await makeLink(user.id);

    const response = await post('/api/password-reset', { token, password: NEW_PASSWORD });

    expect(response.statusCode, response.body).toBe(204);
    expect(await testApp.database.db.$count(session, eq(session.userId, user.id))).toBe(0);
    const withOldCookie = await testApp.app.inject({ url: '/api/stats', headers: { cookie: oldCookie } });
    expect(withOldCookie.statusCode).toBe(401);
    await expect(signInWith(testApp.app, 'forgot@example.com', TEST_PASSWORD)).rejects.toThrow(
      /sign-in failed/,
    );
    await expect(signInWith(testApp.app, 'forgot@example.com', NEW_PASSWORD)).resolves.toContain(
      'session_token=',
    );
    expect(await lastAudit(user.id)).toMatchObject({
      action: 'update',
      actorId: user.id,
      changes: { password: ['(hidden)', '(set with a reset link)'], sessions: [1, 0] },
    });

    const again = await post('/api/password-reset', { token, password: `${NEW_PASSWORD} again` });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'This password reset link is not valid any more. Ask an administrator for a new one.',
    );
  });

  it('refuses a weak password naming the field, and the link still works afterwards', async () => {
    const user = await createUser('weak-reset@example.com');
    const { token } = await makeLink(user.id);

    const weak = await post('/api/password-reset', { token, password: 'short' });

    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual({ password: 'Password must be at least 10 characters' });
    const common = await post('/api/password-reset', { token, password: 'password12' });
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual({
      password: 'Password is too easy to guess. This is a commonly used password.',
    });
    expect((await post('/api/password-reset/check', { token })).statusCode).toBe(200);
  });

  it('refuses an expired link, a replaced link, a made-up token and the link of a banned user', async () => {
    const user = await createUser('refused@example.com');
    const first = await makeLink(user.id);
    const second = await makeLink(user.id);
    const other = await createUser('expired@example.com');
    const expired = await makeLink(other.id);
    await testApp.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.value, other.id));

    for (const token of [first.token, expired.token, 'made-up-token']) {
      const check = await post('/api/password-reset/check', { token });
      const reset = await post('/api/password-reset', { token, password: NEW_PASSWORD });
      expect([check.statusCode, reset.statusCode], token).toEqual([400, 400]);
    }
    const ban = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: admin.headers,
      payload: { banned: true },
    });
    expect(ban.statusCode).toBe(200);
    expect(
      (await post('/api/password-reset', { token: second.token, password: NEW_PASSWORD })).statusCode,
    ).toBe(400);
    const forBanned = await post(`/api/users/${user.id}/password-reset-link`, {}, admin.headers);
    expect(forBanned.statusCode).toBe(400);
    expect(forBanned.json().message).toBe('This user is banned: unban them before making a reset link.');
  });

  it('answers 404 for a link for nobody, and 403 to a request from another site', async () => {
    const missing = await post('/api/users/no-such-user/password-reset-link', {}, admin.headers);
    expect(missing.statusCode).toBe(404);

    const crossSite = await post(
      '/api/password-reset',
      { token: 'anything', password: NEW_PASSWORD },
      { origin: 'https://elsewhere.example' },
    );
    expect(crossSite.statusCode).toBe(403);
  });
});
