import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { auditEvent } from '../db/schema/index.ts';
import { nextTurn } from '../test/next-turn.ts';
import { signInAs, TEST_PASSWORD } from '../test/staff-session.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { totpCode } from '../test/totp.ts';

/** The `name=value` pairs a response sets, by cookie name without Better Auth's prefix. */
function cookiesOf(response: { headers: Record<string, unknown> }): Record<string, string> {
  const pairs = [response.headers['set-cookie'] ?? []].flat() as string[];
  const found: Record<string, string> = {};
  for (const header of pairs) {
    const pair = header.split(';')[0] ?? '';
    const name = pair.slice(0, pair.indexOf('='));
    if (pair.slice(name.length + 1)) found[name.replace(/^.*better-auth\./, '')] = pair;
  }
  return found;
}

/**
 * Requests as a browser of the portal sends them, each on its own turn of the event loop, and each
 * browser from an address of its own: code and password guesses share one budget per address.
 */
function client(app: App) {
  const origin = app.config.publicUrl;
  const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const send = async (options: InjectOptions) => {
    await nextTurn();
    return app.inject({ ...options, remoteAddress });
  };
  return {
    post: (url: string, payload: object, cookie = '') =>
      send({ method: 'POST', url, headers: { origin, cookie }, payload }),
    stats: (cookie: string) => send({ method: 'GET', url: '/api/stats', headers: { cookie } }),
    /** Sign-in's first step: with two-factor on, a short-lived two_factor cookie instead of a session. */
    signIn: (email: string) =>
      send({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin },
        payload: { email, password: TEST_PASSWORD },
      }),
  };
}

/** Turns two-factor on for a signed-in user, as the Account page does; the new session's cookie and the codes. */
async function turnOn(app: App, cookie: string) {
  const { post } = client(app);
  const enabled = await post('/api/auth/two-factor/enable', { password: TEST_PASSWORD }, cookie);
  expect(enabled.statusCode).toBe(200);
  const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
  const verified = await post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) }, cookie);
  expect(verified.statusCode).toBe(200);
  return { totpURI, backupCodes, cookie: cookiesOf(verified).session_token ?? '' };
}

describe('two-factor sign-in for local accounts', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('asks for the code at sign-in once it is on, and opens a session only with the right one', async () => {
    const { post, stats, signIn } = client(harness.app);
    const staff = await signInAs(harness.app, 'staff');
    const { totpURI, cookie } = await turnOn(harness.app, staff.cookie);
    expect((await stats(cookie)).statusCode).toBe(200);

    const first = await signIn(staff.user.email);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    expect(cookiesOf(first).session_token).toBeUndefined();
    const pending = cookiesOf(first).two_factor ?? '';
    expect((await stats(pending)).statusCode).toBe(401);

    const wrong = await post('/api/auth/two-factor/verify-totp', { code: '000000' }, pending);
    expect(wrong.statusCode).toBe(401);
    expect(cookiesOf(wrong).session_token).toBeUndefined();

    const right = await post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) }, pending);
    expect(right.statusCode).toBe(200);
    expect((await stats(cookiesOf(right).session_token ?? '')).statusCode).toBe(200);
  });

  it('audits turning it on, new backup codes and turning it off, never a secret or code', async () => {
    const { post, signIn } = client(harness.app);
    const staff = await signInAs(harness.app, 'staff');
    const { cookie, backupCodes, totpURI } = await turnOn(harness.app, staff.cookie);
    // A sign-in's second step changes nothing of the account: no event.
    const pending = cookiesOf(await signIn(staff.user.email)).two_factor;
    expect(
      (await post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) }, pending)).statusCode,
    ).toBe(200);
    const wrong = await post('/api/auth/two-factor/disable', { password: 'not my password' }, cookie);
    expect(wrong.statusCode).toBe(400);
    const off = await post('/api/auth/two-factor/disable', { password: TEST_PASSWORD }, cookie);
    expect(off.statusCode).toBe(200);

    const events = await harness.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.entityId, staff.user.id), eq(auditEvent.action, 'update')))
      .orderBy(asc(auditEvent.at));
    expect(events.map(({ actorId, action, changes }) => ({ actorId, action, changes }))).toEqual([
      { actorId: staff.user.id, action: 'update', changes: { backupCodes: [null, '(new codes)'] } },
      { actorId: staff.user.id, action: 'update', changes: { twoFactor: ['off', 'on'] } },
      {
        actorId: staff.user.id,
        action: 'update',
        changes: { twoFactor: ['on', 'off'], backupCodes: ['(hidden)', null] },
      },
    ]);
    const secret = new URL(totpURI).searchParams.get('secret') ?? '';
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify(events)).not.toContain(backupCodes[0]);
  });

  it('takes a backup code once, and never again', async () => {
    const { post, stats, signIn } = client(harness.app);
    const staff = await signInAs(harness.app, 'staff');
    const { backupCodes } = await turnOn(harness.app, staff.cookie);
    expect(backupCodes).toHaveLength(10);
    const code = backupCodes[0] ?? '';

    const once = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code },
      cookiesOf(await signIn(staff.user.email)).two_factor,
    );
    expect(once.statusCode).toBe(200);
    expect((await stats(cookiesOf(once).session_token ?? '')).statusCode).toBe(200);

    const twice = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code },
      cookiesOf(await signIn(staff.user.email)).two_factor,
    );
    expect(twice.statusCode).toBe(401);
    expect(cookiesOf(twice).session_token).toBeUndefined();
  });
});

describe('two-factor required for administrators', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ REQUIRE_TWO_FACTOR_FOR_ADMINS: 'true' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('keeps an administrator out of the staff API until two-factor is set up', async () => {
    const { stats } = client(harness.app);
    const admin = await signInAs(harness.app, 'admin');
    const refused = await stats(admin.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TWO_FACTOR_REQUIRED');
    const users = await harness.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { cookie: admin.cookie },
    });
    expect(users.statusCode).toBe(403);

    const staff = await signInAs(harness.app, 'staff');
    expect((await stats(staff.cookie)).statusCode).toBe(200);

    const { cookie } = await turnOn(harness.app, admin.cookie);
    expect((await stats(cookie)).statusCode).toBe(200);
  });
});
