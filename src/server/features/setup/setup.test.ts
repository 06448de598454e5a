import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWith } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const admin = { email: 'first-admin@example.com', name: 'First Admin', password: 'a long enough passphrase' };

describe('first-administrator setup', () => {
  let testApp: TestApp;
  let token: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    const link = await testApp.app.setupLink();
    token = new URL(link ?? 'http://invalid/').searchParams.get('token') ?? '';
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const post = (body: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/setup',
      headers: { origin: testApp.app.config.publicUrl },
      payload: body,
    });

  it('offers a link with a long token while no user exists', async () => {
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await testApp.app.inject({ url: '/api/setup' })).json()).toEqual({ needed: true });
  });

  it('prints the same link on every instance of a deployment, and another for another secret', async () => {
    const instances = await Promise.all(
      ['q', 'q', 'r'].map((letter) => createTestApp({ AUTH_SECRET: letter.repeat(40) })),
    );
    try {
      const [a, b, other] = await Promise.all(instances.map(({ app }) => app.setupLink()));
      expect(a).toBe(b);
      expect(other).not.toBe(a);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('refuses a wrong token with 403 and creates nobody', async () => {
    const wrong = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    const response = await post({ ...admin, token: wrong });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This setup link is no longer valid.');
    expect((await testApp.app.inject({ url: '/api/setup' })).json()).toEqual({ needed: true });
  });

  it('keeps the link usable after a weak password is refused', async () => {
    const response = await post({ ...admin, password: 'password12', token });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      password: 'Password is too easy to guess. This is a commonly used password.',
    });
    expect(await testApp.app.setupLink()).toContain(token);
  });

  it('creates an administrator who can sign in, and the link then stops working', async () => {
    const response = await post({ ...admin, token });
    expect(response.statusCode).toBe(201);

    const cookie = await signInWith(testApp.app, admin.email, admin.password);
    const users = await testApp.app.inject({ url: '/api/users', headers: { cookie } });
    expect(users.statusCode).toBe(200);
    expect(JSON.stringify(users.json())).toContain('"role":"admin"');

    expect(await testApp.app.setupLink()).toBeNull();
    expect((await testApp.app.inject({ url: '/api/setup' })).json()).toEqual({ needed: false });
    const again = await post({ ...admin, email: 'second@example.com', token });
    expect(again.statusCode).toBe(403);
  });
});
