import { randomUUID } from 'node:crypto';
import type { App } from '../app.ts';
import type { Role } from '../auth/create-auth.ts';
import { createStaffUser } from '../features/users/create-staff-user.ts';
import { anotherClientAddress } from './client-address.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * Signs in through Better Auth's real endpoint and returns the session cookie (`name=value`). Each
 * sign-in comes from an address of its own, as staff at their own desks do: a test file signs in
 * more often than the 10 a minute one address may.
 */
export async function signInWith(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: anotherClientAddress(),
    headers: { origin: app.config.publicUrl },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = [response.headers['set-cookie'] ?? []]
    .flat()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.includes('session_token='));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return cookie;
}

/**
 * A new user with the role, signed in. `headers` carry the cookie and the Origin that
 * state-changing requests need.
 */
export async function signInAs(app: App, role: Role = 'staff') {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const user = await createStaffUser(
    app,
    { email, name: `Test ${role}`, password: TEST_PASSWORD, role },
    null,
  );
  const cookie = await signInWith(app, email, TEST_PASSWORD);
  return { user, cookie, headers: { cookie, origin: app.config.publicUrl } };
}
