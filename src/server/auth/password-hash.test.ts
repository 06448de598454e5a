import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../db/schema/index.ts';
import { createStaffUser } from '../features/users/create-staff-user.ts';
import { signInWith, TEST_PASSWORD } from '../test/staff-session.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

/** Made by Better Auth 1.7's own hashPassword for TEST_PASSWORD, before hashing moved here. */
const HASH_FROM_BETTER_AUTH =
  'cc5b479c48598166059fe06e60609b6a:53330452409260a9b7bc5c7f978935a1b69118cbde52476364be37518cc57222b1bc8cb71d384305d8ba12ee7a24e48cf200009f100426e5617db2691f9979c4';

describe('password hashing', () => {
  it('verifies its own hashes and refuses a wrong password or a malformed hash', async () => {
    const hash = await hashPassword(TEST_PASSWORD);
    expect(hash).not.toContain(TEST_PASSWORD);
    expect(await verifyPassword({ hash, password: TEST_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash, password: `${TEST_PASSWORD}!` })).toBe(false);
    expect(await verifyPassword({ hash: 'not-a-hash', password: TEST_PASSWORD })).toBe(false);
    expect(await verifyPassword({ hash: 'abcd:00', password: TEST_PASSWORD })).toBe(false);
  });

  it('verifies a hash that Better Auth made before the change', async () => {
    expect(await verifyPassword({ hash: HASH_FROM_BETTER_AUTH, password: TEST_PASSWORD })).toBe(true);
  });
});

describe('signing in with a password stored before the change', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('signs in, and refuses a wrong password', async () => {
    const { app, database } = testApp;
    const email = 'old-hash@example.com';
    const created = await createStaffUser(app, { email, password: TEST_PASSWORD, role: 'staff' }, null);
    await database.db
      .update(account)
      .set({ password: HASH_FROM_BETTER_AUTH })
      .where(eq(account.userId, created.id));

    expect(await signInWith(app, email, TEST_PASSWORD)).toContain('session_token=');
    await expect(signInWith(app, email, 'wrong horse battery staple')).rejects.toThrow(/401/);
  });
});
