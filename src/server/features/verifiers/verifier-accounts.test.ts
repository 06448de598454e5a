import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifierView } from '#shared/api/verifiers.ts';
import { user, verifier } from '../../db/schema/index.ts';
import { signInAs, signInWith, TEST_PASSWORD } from '../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { application, browser, signInAsVerifier } from '../../test/verifier-session.ts';

describe('verifier accounts', () => {
  let testApp: TestApp;
  let staff: Awaited<ReturnType<typeof signInAs>>;
  beforeAll(async () => {
    testApp = await createTestApp();
    staff = await signInAs(testApp.app, 'staff');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const apply = (payload: object) =>
    browser(testApp.app)({ method: 'POST', url: '/api/verifier-applications', payload });
  const asStaff = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });
  const listed = async (email: string) =>
    (await asStaff('GET', '/api/verifiers'))
      .json<{ items: VerifierView[] }>()
      .items.find((v) => v.email === email);
  const account = (cookie: string) =>
    testApp.app.inject({ url: '/api/verifier/account', headers: { cookie } });

  it('takes an application for staff to review, pending, with the default daily quota', async () => {
    const sent = application();
    const response = await apply(sent);

    expect(response.statusCode, response.body).toBe(201);
    expect(await listed(sent.email)).toMatchObject({
      companyName: sent.companyName,
      registrationNumber: sent.registrationNumber,
      contactName: sent.contactName,
      purpose: sent.purpose,
      status: 'pending',
      dailyQuota: 1000,
      decidedAt: null,
    });
  });

  it('refuses an application with a missing or bad field, naming it, and keeps nothing', async () => {
    const before = await testApp.database.db.$count(verifier);
    const response = await apply(application({ email: 'not an email', purpose: 'short' }));

    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      email: 'Please enter a valid email',
      purpose: 'Purpose must be at least 10 characters',
    });
    expect(await testApp.database.db.$count(verifier)).toBe(before);
  });

  it('approves: a set-up link, a password, sign-in, then two-factor before the area answers', async () => {
    const unsecured = await signInAsVerifier(testApp.app, staff, { twoFactor: false });
    const first = await account(unsecured.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email: unsecured.email, twoFactorEnabled: false, usedToday: 0 });
    expect((await listed(unsecured.email))?.status).toBe('approved');

    const secured = await signInAsVerifier(testApp.app, staff);
    expect((await account(secured.cookie)).json()).toMatchObject({ twoFactorEnabled: true });
  });

  it('keeps verifiers off the staff users list and out of reach of its changes', async () => {
    const admin = await signInAs(testApp.app, 'admin');
    const { email } = await signInAsVerifier(testApp.app, staff, { twoFactor: false });
    const [row] = await testApp.database.db.select().from(user).where(eq(user.email, email));

    const users = await testApp.app.inject({ url: '/api/users', headers: admin.headers });
    expect(users.json().items.map((u: { email: string }) => u.email)).not.toContain(email);
    const promote = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/users/${row?.id}`,
      headers: admin.headers,
      payload: { role: 'admin' },
    });
    expect(promote.statusCode).toBe(404);
  });

  it('refuses to approve an address that already has a staff account, and changes nothing', async () => {
    const sent = application({ email: staff.user.email });
    await apply(sent);
    const pending = await listed(staff.user.email);

    const response = await asStaff('POST', `/api/verifiers/${pending?.id}/approve`);

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'This email already has an account: a verifier needs an address of its own.',
    );
    expect((await listed(staff.user.email))?.status).toBe('pending');
    const [staffUser] = await testApp.database.db.select().from(user).where(eq(user.email, staff.user.email));
    expect(staffUser?.role).toBe('staff');
  });

  it('refuses an application once, and never approves it afterwards', async () => {
    const sent = application();
    await apply(sent);
    const id = (await listed(sent.email))?.id;

    expect((await asStaff('POST', `/api/verifiers/${id}/refuse`)).json().status).toBe('refused');
    const approve = await asStaff('POST', `/api/verifiers/${id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(await testApp.database.db.$count(user, eq(user.email, sent.email))).toBe(0);
  });

  it('suspends: sessions end and sign-in is refused; reinstated, the verifier signs in again', async () => {
    const v = await signInAsVerifier(testApp.app, staff);
    expect((await account(v.cookie)).statusCode).toBe(200);

    const suspended = await asStaff('POST', `/api/verifiers/${v.id}/suspend`);

    expect(suspended.json().status).toBe('suspended');
    expect((await account(v.cookie)).statusCode).toBe(401);
    await expect(signInWith(testApp.app, v.email, TEST_PASSWORD)).rejects.toThrow(/sign-in failed: 403/);

    expect((await asStaff('POST', `/api/verifiers/${v.id}/reinstate`)).json().status).toBe('approved');
    const again = await browser(testApp.app)({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: v.email, password: TEST_PASSWORD },
    });
    expect(again.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('sets a daily quota, whole numbers only', async () => {
    const sent = application();
    await apply(sent);
    const id = (await listed(sent.email))?.id;

    expect((await asStaff('PATCH', `/api/verifiers/${id}`, { dailyQuota: 150 })).json().dailyQuota).toBe(150);
    const bad = await asStaff('PATCH', `/api/verifiers/${id}`, { dailyQuota: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ dailyQuota: 'Daily quota must be 0 or more' });
  });
});
