import { afterEach, describe, expect, it } from 'vitest';
import { createStaffUser } from '../features/users/create-staff-user.ts';
import { TEST_PASSWORD } from '../test/staff-session.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** Where a browser may sign in from: the public URL, and on a local install both loopback names. */
describe('sign-in origins', () => {
  let harness: TestApp | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  /** Signs in from a page at `origin` on the server at `host`, from a browser holding a cookie. */
  async function signInFrom(env: Record<string, string>, origin: string, host = new URL(origin).host) {
    harness = await createTestApp(env);
    const email = 'origin-check@example.com';
    await createStaffUser(
      harness.app,
      { email, name: 'Origin Check', password: TEST_PASSWORD, role: 'staff' },
      null,
    );
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      // Better Auth checks the Origin only when the browser sends cookies, as it does once it has
      // been to the site: any cookie will do.
      headers: { origin, host, cookie: 'ecert-seen=1' },
      payload: { email, password: TEST_PASSWORD },
    });
    return response.statusCode;
  }

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000'])(
    'accepts %s when PUBLIC_URL is not set (a local install)',
    async (origin) => {
      expect(await signInFrom({ PORT: '3000' }, origin)).toBe(200);
    },
  );

  it.each(['http://127.0.0.1:3000', 'https://elsewhere.example'])(
    'refuses a page at %s when PUBLIC_URL names the site',
    async (origin) => {
      const env = { PORT: '3000', PUBLIC_URL: 'https://certs.example.org' };
      expect(await signInFrom(env, origin, 'certs.example.org')).toBe(403);
    },
  );

  it('accepts the public URL itself', async () => {
    expect(
      await signInFrom(
        { PORT: '3000', PUBLIC_URL: 'https://certs.example.org/' },
        'https://certs.example.org',
      ),
    ).toBe(200);
  });
});
