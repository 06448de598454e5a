import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../features/users/create-staff-user.ts';
import { pathSpellings, rawRequest } from '../test/raw-http.ts';
import { TEST_PASSWORD } from '../test/staff-session.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const SIGN_IN = '/api/auth/sign-in/email';
let harness: TestApp;
let port: number;
let nextAddress = 2;
/** A client address no earlier attempt came from: 127.0.0.2, 127.0.0.3, ... */
const freshAddress = () => `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 2}`;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  port = (harness.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await harness?.close();
});

async function newAccount() {
  const email = `guess-${nextAddress}-${Date.now()}@example.com`;
  await createStaffUser(harness.app, { email, name: 'Guessed', password: TEST_PASSWORD }, null);
  return email;
}

const signIn = (target: string, email: string, password: string, from: string) =>
  rawRequest(port, {
    method: 'POST',
    target,
    from,
    headers: { origin: harness.app.config.publicUrl },
    body: JSON.stringify({ email, password }),
  }).then((answer) => answer.status);

describe('password guessing is limited per account and per address, however the path is spelt', () => {
  // The spellings' names and kinds; their targets need the port, known once the server listens.
  for (const spelling of pathSpellings(SIGN_IN, 0)) {
    const targetOf = () => pathSpellings(SIGN_IN, port).find((s) => s.name === spelling.name)?.target ?? '';

    it(`per account: 429 from the 6th wrong password, ${spelling.name}`, async () => {
      const email = await newAccount();
      const target = targetOf();
      const statuses: number[] = [];
      // Each guess from another address, so only the account's own count can stop them.
      for (let i = 0; i < 20; i++)
        statuses.push(await signIn(target, email, `wrong password ${i}`, freshAddress()));
      const rightOne = await signIn(target, email, TEST_PASSWORD, freshAddress());

      if (!spelling.routes && statuses.every((status) => status === 404)) {
        // Not a route at all: no password was ever checked, the right one included.
        expect(rightOne).toBe(404);
        return;
      }
      expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
      expect(rightOne).toBe(429);
    });

    it(`per address: 429 from the 11th wrong password, ${spelling.name}`, async () => {
      const from = freshAddress();
      const target = targetOf();
      const statuses: number[] = [];
      // Each guess at another account, so only the address's count can stop them.
      for (let i = 0; i < 20; i++)
        statuses.push(await signIn(target, `nobody-${i}@example.com`, 'wrong password', from));

      if (!spelling.routes && statuses.every((status) => status === 404)) return;
      expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    });
  }

  it('counts guesses in every spelling against one account together', async () => {
    const email = await newAccount();
    const routed = pathSpellings(SIGN_IN, port).filter((s) => s.routes);
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        signIn(routed[i % routed.length]?.target ?? '', email, `wrong ${i}`, freshAddress()),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });
});

describe('two-factor code guesses', () => {
  it('share the password’s budget per address: ten guesses of either kind, then 429 for both', async () => {
    const from = freshAddress();
    const guessCode = () =>
      rawRequest(port, {
        method: 'POST',
        target: '/api/auth/two-factor/verify-totp',
        from,
        headers: { origin: harness.app.config.publicUrl },
        body: JSON.stringify({ code: '000000' }),
      }).then((answer) => answer.status);

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(await signIn(SIGN_IN, `nobody-2fa-${i}@example.com`, 'wrong password', from));
      statuses.push(await guessCode());
    }
    const [password, code] = [
      await signIn(SIGN_IN, 'nobody-2fa@example.com', 'wrong password', from),
      await guessCode(),
    ];

    expect(statuses).not.toContain(429);
    expect([password, code]).toEqual([429, 429]);
  });
});
