import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PASSPHRASE = 'a passphrase for tests';

describe('POST /api/backup', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const download = (headers: Record<string, string>, remoteAddress: string, payload: object | string) =>
    testApp.app.inject({ method: 'POST', url: '/api/backup', headers, remoteAddress, payload });
  const downloads = async () =>
    (await testApp.app.inject({ url: '/api/audit?entityType=backup', headers: admin.headers })).json()
      .items as { action: string; actorEmail: string }[];
  let admin: Awaited<ReturnType<typeof signInAs>>;

  it('refuses a short passphrase, and staff, and writes nothing to the trail', async () => {
    admin = await signInAs(testApp.app, 'admin');
    const staff = await signInAs(testApp.app, 'staff');
    const short = await download(admin.headers, '10.1.0.1', { passphrase: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'INVALID_INPUT',
      fields: { passphrase: 'The passphrase must have at least 12 characters' },
    });
    expect((await download(staff.headers, '10.1.0.1', { passphrase: PASSPHRASE })).statusCode).toBe(403);
    // No download without a passphrase to encrypt it with.
    expect((await testApp.app.inject({ url: '/api/backup', headers: admin.headers })).statusCode).toBe(404);
    expect(await downloads()).toEqual([]);
  });

  it('answers an encrypted archive, and records who downloaded it', async () => {
    const response = await download(admin.headers, '10.1.0.2', { passphrase: PASSPHRASE });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="ecert-backup-.*\.zip\.age"$/,
    );
    expect(response.rawPayload.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(await downloads()).toMatchObject([
      { action: 'download', entityType: 'backup', actorEmail: admin.user.email },
    ]);
  });

  it('allows five downloads an hour per account from any addresses, and five per address', async () => {
    // The account has one download already (above).
    for (const n of [3, 4, 5, 6])
      expect((await download(admin.headers, `10.2.0.${n}`, { passphrase: PASSPHRASE })).statusCode).toBe(200);
    const sixth = await download(admin.headers, '10.2.0.7', { passphrase: PASSPHRASE });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);

    const others = [await signInAs(testApp.app, 'admin'), await signInAs(testApp.app, 'admin')];
    for (const n of [0, 1, 2, 3, 4])
      expect(
        (await download(others[n % 2]?.headers ?? {}, '10.3.0.1', { passphrase: PASSPHRASE })).statusCode,
      ).toBe(200);
    expect(
      (await download(others[1]?.headers ?? {}, '10.3.0.1', { passphrase: PASSPHRASE })).statusCode,
    ).toBe(429);
    expect(await downloads()).toHaveLength(10);
    // Twelve archives, each with a passphrase key that takes a second of scrypt.
  }, 240_000);
});
