import { and, desc, eq, sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleSignOnFailure } from '#shared/api/single-sign-on.ts';
import type { App } from '../app.ts';
import { account, auditEvent, user, verification } from '../db/schema/index.ts';
import { createStaffUser } from '../features/users/create-staff-user.ts';
import { freePort } from '../test/free-port.ts';
import {
  type IdentityProvider,
  type ProviderUser,
  signInThroughProvider,
  startIdentityProvider,
} from '../test/identity-provider.ts';
import { signInWith, TEST_PASSWORD } from '../test/staff-session.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let provider: IdentityProvider;
beforeAll(async () => {
  provider = await startIdentityProvider();
});
afterAll(async () => {
  await provider?.stop();
});

/** Signs `person` in at the provider and back; the answer, where it leads and the session cookie. */
async function signIn(app: App, person: ProviderUser) {
  provider.signsIn(person);
  return signInThroughProvider(app);
}

/** What a session may do: reach the staff API, the administrators' part of it, or pages only. */
async function access(app: App, cookie: string | undefined) {
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: cookie ?? '' } });
  const [staff, admin, pages] = await Promise.all([
    get('/api/stats'),
    get('/api/users'),
    get('/api/content-editor/versions'),
  ]);
  if (staff.statusCode === 401) return 'none';
  if (staff.statusCode === 403) return pages.statusCode === 200 ? 'editor' : 'none';
  return admin.statusCode === 200 ? 'admin' : 'staff';
}

/** The error code a failed sign-in returns to the login page with. */
function refusal(app: App, location: string) {
  const url = new URL(location, app.config.publicUrl);
  expect(url.origin + url.pathname).toBe(`${app.config.publicUrl}/login`);
  return url.searchParams.get('error');
}

const userEvents = (app: App, email: string) =>
  app.db
    .select({ action: auditEvent.action, actorId: auditEvent.actorId, changes: auditEvent.changes })
    .from(auditEvent)
    .innerJoin(user, eq(user.id, auditEvent.entityId))
    .where(and(eq(auditEvent.entityType, 'user'), eq(user.email, email)))
    .orderBy(desc(auditEvent.at));

describe('single sign-on through the organisation’s OpenID Connect provider', () => {
  let harness: TestApp;
  let app: App;
  beforeAll(async () => {
    harness = await createTestApp(provider.env);
    app = harness.app;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('lets an address at an allowed domain in as staff, making the account and auditing it', async () => {
    const { location, session } = await signIn(app, {
      sub: 'ada',
      email: 'Ada@Contoso.com',
      groups: ['sales'],
    });

    expect(location).toBe('/dashboard');
    expect(await access(app, session)).toBe('staff');
    const events = await userEvents(app, 'ada@contoso.com');
    expect(events).toEqual([
      {
        action: 'create',
        actorId: null,
        changes: {
          email: [null, 'ada@contoso.com'],
          name: [null, 'Ada'],
          role: [null, 'staff'],
          signIn: [null, 'Contoso'],
        },
      },
    ]);
  });

  it('makes a member of the administrators’ group an administrator', async () => {
    const { session } = await signIn(app, {
      sub: 'ben',
      email: 'ben@contoso.co.uk',
      groups: ['ecert-admins'],
    });

    expect(await access(app, session)).toBe('admin');
  });

  it('makes a member of the editors’ group an editor, and staff once they leave it', async () => {
    const cleo = { sub: 'cleo', email: 'cleo@contoso.com' };
    const first = await signIn(app, { ...cleo, groups: ['ecert-editors'] });
    expect(await access(app, first.session)).toBe('editor');

    const second = await signIn(app, { ...cleo, groups: ['sales'] });
    expect(await access(app, second.session)).toBe('staff');
    // In both groups, the administrators' wins.
    const third = await signIn(app, { ...cleo, groups: ['ecert-editors', 'ecert-admins'] });
    expect(await access(app, third.session)).toBe('admin');
  });

  it('demotes an administrator who left the group at their next sign-in, and promotes back', async () => {
    const grace = { sub: 'grace', email: 'grace@contoso.com' };
    const first = await signIn(app, { ...grace, groups: ['ecert-admins', 'sales'] });
    expect(await access(app, first.session)).toBe('admin');

    const second = await signIn(app, { ...grace, groups: ['sales'] });
    expect(await access(app, second.session)).toBe('staff');
    // The role lives on the account, so the session from before is demoted too.
    expect(await access(app, first.session)).toBe('staff');
    const [demotion] = await userEvents(app, 'grace@contoso.com');
    expect(demotion).toEqual({
      action: 'update',
      actorId: null,
      changes: { role: ['admin', 'staff'], signIn: [null, 'Contoso'] },
    });

    const third = await signIn(app, { ...grace, groups: ['ecert-admins'] });
    expect(await access(app, third.session)).toBe('admin');
  });

  it('refuses an address at a domain not allowed with a clear message, and makes no account', async () => {
    for (const email of ['eve@evil.example', 'eve@contoso.com.evil.example', 'eve@mail.contoso.com']) {
      const { location, session } = await signIn(app, { sub: `eve-${email}`, email });

      expect(session).toBeUndefined();
      const code = refusal(app, location);
      expect(code).toBe('domain_not_allowed');
      expect(singleSignOnFailure(code ?? '', 'Contoso')).toMatch(/This email address may not sign in/);
      expect(await app.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
  });

  it('refuses an email the portal’s own rule refuses, at an allowed domain too, and makes no account', async () => {
    for (const email of ['eve@evil.test@contoso.com', 'eve contoso@contoso.com', '@contoso.com']) {
      const { location, session } = await signIn(app, { sub: `eve-${email}`, email });

      expect(session, email).toBeUndefined();
      expect(refusal(app, location), email).toBe('domain_not_allowed');
      expect(await app.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
  });

  it('refuses an email address the provider has not verified', async () => {
    const { location, session } = await signIn(app, {
      sub: 'unverified',
      email: 'carol@contoso.com',
      email_verified: false,
    });

    expect(session).toBeUndefined();
    expect(refusal(app, location)).toBe('email_not_verified');
  });

  it('refuses a callback whose state was tampered with', async () => {
    provider.signsIn({ sub: 'dan', email: 'dan@contoso.com' });
    const { location, session } = await signInThroughProvider(app, {
      tamper: (callback) => {
        const state = callback.searchParams.get('state') ?? '';
        callback.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('a') ? 'b' : 'a'}`);
        return undefined;
      },
    });

    expect(session).toBeUndefined();
    expect(refusal(app, location)).toBe('state_mismatch');
  });

  it('refuses a callback opened in a browser other than the one that started it', async () => {
    provider.signsIn({ sub: 'dan', email: 'dan@contoso.com' });
    const { location, session } = await signInThroughProvider(app, { tamper: () => [] });

    expect(session).toBeUndefined();
    expect(refusal(app, location)).toBe('state_mismatch');
  });

  it('refuses an ID token from another issuer', async () => {
    const other = new OAuth2Server();
    await other.issuer.keys.generate('RS256');
    await other.start(0, '127.0.0.1');
    try {
      provider.signsIn({ sub: 'mallory', email: 'mallory@contoso.com', groups: ['ecert-admins'] });
      const { location, session } = await signInThroughProvider(app, {
        atStart: (authorizeUrl) => provider.nextIdTokenFrom(other, authorizeUrl),
      });

      expect(session).toBeUndefined();
      expect(refusal(app, location)).toBe('unable_to_get_user_info');
      expect(await app.db.select().from(user).where(eq(user.email, 'mallory@contoso.com'))).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  it('keeps a banned user out', async () => {
    const frank = { sub: 'frank', email: 'frank@contoso.com' };
    expect(await access(app, (await signIn(app, frank)).session)).toBe('staff');
    await app.db.update(user).set({ banned: true }).where(eq(user.email, frank.email));

    const { location, session } = await signIn(app, { ...frank, groups: ['ecert-admins'] });

    expect(session).toBeUndefined();
    expect(refusal(app, location)).toBe('BANNED_USER');
    const [row] = await app.db.select().from(user).where(eq(user.email, frank.email));
    expect(row?.role).toBe('staff');
  });

  it('joins a local account with the same email, which keeps its password', async () => {
    const local = await createStaffUser(
      app,
      { email: 'hana@contoso.com', name: 'Hana', password: TEST_PASSWORD, role: 'admin' },
      null,
    );
    // Accounts made before single sign-on have an unverified email.
    await app.db.update(user).set({ emailVerified: false }).where(eq(user.id, local.id));

    const { session } = await signIn(app, { sub: 'hana-at-contoso', email: 'hana@contoso.com' });

    expect(await access(app, session)).toBe('staff');
    expect(await userEvents(app, 'hana@contoso.com')).toContainEqual({
      action: 'update',
      actorId: null,
      changes: { joinedSignIn: [null, 'Contoso'], role: ['admin', 'staff'], signIn: [null, 'Contoso'] },
    });
    const accounts = await app.db.select().from(account).where(eq(account.userId, local.id));
    expect(accounts.map((row) => row.providerId).sort()).toEqual(['credential', 'oidc']);
    // The portal keeps none of the provider's tokens.
    const oidc = accounts.find((row) => row.providerId === 'oidc');
    expect([oidc?.accessToken, oidc?.refreshToken, oidc?.idToken]).toEqual([null, null, null]);
    expect(await signInWith(app, 'hana@contoso.com', TEST_PASSWORD)).toMatch(/session_token=/);
  });

  it('tells the Account page whether the signed-in user has a password', async () => {
    const mine = (cookie?: string) =>
      app.inject({ method: 'GET', url: '/api/sign-in-options/mine', headers: cookie ? { cookie } : {} });
    const onlyProvider = await signIn(app, { sub: 'olga', email: 'olga@contoso.com' });
    await createStaffUser(app, { email: 'piet@contoso.com', password: TEST_PASSWORD, role: 'staff' }, null);
    const withPassword = await signIn(app, { sub: 'piet', email: 'piet@contoso.com' });

    expect((await mine(onlyProvider.session)).json()).toEqual({ password: false });
    expect((await mine(withPassword.session)).json()).toEqual({ password: true });
    expect((await mine()).statusCode).toBe(401);
  });

  it('starts only with a return path on this site', async () => {
    const start = (callbackURL: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: app.config.publicUrl },
        payload: { callbackURL },
      });

    for (const callbackURL of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/en//host/phish',
      '/ta/\\evil.example',
      '/\t/evil.example',
    ]) {
      const answer = await start(callbackURL);
      expect(answer.statusCode, callbackURL).toBe(400);
      expect(answer.json().message).toMatch(/path on this site/);
    }
    expect((await start('/dashboard/peoples')).statusCode).toBe(200);
  });

  it('leads back only to this site, even from a return address stored before the rule', async () => {
    provider.signsIn({ sub: 'rita', email: 'rita@contoso.com' });
    const { location, session } = await signInThroughProvider(app, {
      atStart: async () => {
        await app.db
          .update(verification)
          .set({ value: sql`replace(${verification.value}, '"/dashboard"', '"/en//evil.example/phish"')` });
      },
    });

    expect(session).toBeDefined();
    expect(location).toBe(`${app.config.publicUrl}/login`);
  });

  it('refuses to start a sign-in for another site’s page', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });

    expect(answer.statusCode).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('tells the login page to offer the provider beside the password', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/sign-in-options' });

    expect(answer.json()).toEqual({ passwordSignIn: true, singleSignOn: { name: 'Contoso' } });
  });
});

describe('single sign-on with password sign-in off and only accounts made beforehand', () => {
  let harness: TestApp;
  let app: App;
  beforeAll(async () => {
    harness = await createTestApp({
      ...provider.env,
      PASSWORD_SIGN_IN: 'false',
      OIDC_CREATE_ACCOUNTS: 'false',
      REQUIRE_TWO_FACTOR_FOR_ADMINS: 'true',
    });
    app = harness.app;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('answers 403 to a password sign-in, even with the right password', async () => {
    await createStaffUser(app, { email: 'ivy@contoso.com', password: TEST_PASSWORD, role: 'staff' }, null);

    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: app.config.publicUrl },
      payload: { email: 'ivy@contoso.com', password: TEST_PASSWORD },
    });

    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe('Sign-in with a password is turned off. Sign in with Contoso.');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('tells the login page to offer the provider only', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/sign-in-options' });

    expect(answer.json()).toEqual({ passwordSignIn: false, singleSignOn: { name: 'Contoso' } });
  });

  it('refuses someone without an account, and lets in someone an administrator added', async () => {
    const stranger = await signIn(app, { sub: 'jack', email: 'jack@contoso.com' });
    expect(stranger.session).toBeUndefined();
    expect(refusal(app, stranger.location)).toBe('signup_disabled');

    await createStaffUser(app, { email: 'jack@contoso.com', password: TEST_PASSWORD, role: 'staff' }, null);
    const added = await signIn(app, { sub: 'jack', email: 'jack@contoso.com' });
    expect(await access(app, added.session)).toBe('staff');
  });

  it('asks only an administrator with a password to set up two-factor sign-in', async () => {
    const kim = await createStaffUser(
      app,
      { email: 'kim@contoso.com', password: TEST_PASSWORD, role: 'staff' },
      null,
    );
    await createStaffUser(app, { email: 'lee@contoso.com', password: TEST_PASSWORD, role: 'staff' }, null);
    // An account that only ever signs in through the provider has no password to confirm it with.
    await app.db.delete(account).where(eq(account.userId, kim.id));
    const admins = ['ecert-admins'];
    const withoutPassword = await signIn(app, { sub: 'kim', email: 'kim@contoso.com', groups: admins });
    const withPassword = await signIn(app, { sub: 'lee', email: 'lee@contoso.com', groups: admins });

    expect(await access(app, withoutPassword.session)).toBe('admin');
    const asked = await app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { cookie: withPassword.session ?? '' },
    });
    expect(asked.json().code).toBe('TWO_FACTOR_REQUIRED');
  });
});

describe('a provider that cannot be reached when the portal starts', () => {
  let harness: TestApp;
  let late: OAuth2Server | undefined;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    harness = await createTestApp({ ...provider.env, OIDC_ISSUER: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await harness?.close();
    await late?.stop();
  });

  it('says so when a sign-in starts, and works once the provider is up', async () => {
    const start = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: harness.app.config.publicUrl },
        payload: {},
      });
    const down = await start();
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(
      'Contoso cannot be reached just now. Please try again in a few minutes.',
    );

    late = new OAuth2Server();
    await late.issuer.keys.generate('RS256');
    await late.start(port, '127.0.0.1');
    const up = await start();
    expect(up.statusCode).toBe(200);
    expect(new URL(up.json().url).port).toBe(String(port));
  });
});

describe('without single sign-on', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('offers the password only, and has no provider to start or come back from', async () => {
    const { app } = harness;
    const options = await app.inject({ method: 'GET', url: '/api/sign-in-options' });
    const start = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: app.config.publicUrl },
      payload: {},
    });
    const callback = await app.inject({ method: 'GET', url: '/api/auth/callback/oidc?code=x&state=y' });

    expect(options.json()).toEqual({ passwordSignIn: true, singleSignOn: null });
    expect(start.statusCode).toBe(404);
    expect(callback.statusCode).toBe(404);
  });
});
