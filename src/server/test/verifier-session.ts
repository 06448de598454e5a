import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { App } from '../app.ts';
import { anotherClientAddress } from './client-address.ts';
import { signInWith, TEST_PASSWORD } from './staff-session.ts';
import { totpCode } from './totp.ts';

/** An application as an organisation sends it from the public page, with fields overridden. */
export const application = (overrides: Record<string, string> = {}) => ({
  companyName: 'Acme Construction Pte Ltd',
  registrationNumber: '201912345K',
  contactName: 'Alice Tan',
  email: `verifier-${randomUUID().slice(0, 8)}@example.com`,
  purpose: 'Checking the e-Certs of workers we take on for our sites.',
  ...overrides,
});

/** Requests from a browser of the portal at an address of its own (sign-in budgets are per address). */
export function browser(app: App) {
  const remoteAddress = anotherClientAddress();
  const origin = app.config.publicUrl;
  return (options: InjectOptions & { cookie?: string }) =>
    app.inject({
      ...options,
      remoteAddress,
      headers: { origin, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    });
}

/**
 * A verifier taken through the whole way in: applied on the public page, approved by `staff`, its
 * password set with the set-up link, signed in and (unless told not to) two-factor turned on.
 */
export async function signInAsVerifier(
  app: App,
  staff: { headers: Record<string, string> },
  { twoFactor = true, fields = {} }: { twoFactor?: boolean; fields?: Record<string, string> } = {},
) {
  const send = browser(app);
  const applied = application(fields);
  const applyResponse = await send({ method: 'POST', url: '/api/verifier-applications', payload: applied });
  if (applyResponse.statusCode !== 201) throw new Error(`apply failed: ${applyResponse.body}`);
  const list = await app.inject({ url: '/api/verifiers', headers: staff.headers });
  const found = list
    .json<{ items: { id: string; email: string }[] }>()
    .items.find((v) => v.email === applied.email);
  if (!found) throw new Error('the application is not on the Verifiers list');
  const approved = await app.inject({
    method: 'POST',
    url: `/api/verifiers/${found.id}/approve`,
    headers: staff.headers,
  });
  if (approved.statusCode !== 201) throw new Error(`approve failed: ${approved.body}`);
  const token = new URL(approved.json().setupLink.url).searchParams.get('token');
  const set = await send({
    method: 'POST',
    url: '/api/password-reset',
    payload: { token, password: TEST_PASSWORD },
  });
  if (set.statusCode !== 204) throw new Error(`password set-up failed: ${set.body}`);
  let cookie = await signInWith(app, applied.email, TEST_PASSWORD);
  if (twoFactor) {
    const enable = await send({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      cookie,
      payload: { password: TEST_PASSWORD },
    });
    const { totpURI } = enable.json<{ totpURI: string }>();
    const verified = await send({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie,
      payload: { code: totpCode(totpURI) },
    });
    const sessionCookie = [verified.headers['set-cookie'] ?? []]
      .flat()
      .map((header) => header.split(';')[0] ?? '')
      .find((pair) => pair.includes('session_token=') && !pair.endsWith('='));
    if (verified.statusCode !== 200 || !sessionCookie) throw new Error(`two-factor failed: ${verified.body}`);
    cookie = sessionCookie;
  }
  return {
    id: found.id,
    email: applied.email,
    cookie,
    headers: { cookie, origin: app.config.publicUrl },
  };
}
