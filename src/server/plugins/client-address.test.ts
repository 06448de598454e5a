import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/schema/index.ts';
import { createStaffUser } from '../features/users/create-staff-user.ts';
import { TEST_PASSWORD } from '../test/staff-session.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let spoofed = 0;
/** A chain with a new first address each time, as a client forging X-Forwarded-For writes it. */
const forged = () => `198.51.${Math.floor(spoofed / 250)}.${(spoofed++ % 250) + 1}`;
let clients = 0;
/** A real client of its own for each test, so no test spends another's budget. */
const newClient = () => `203.0.113.${++clients}`;

/**
 * Each TRUST_PROXY setting, and how a request from `client` arrives under it: straight from the
 * client, or from our proxy (10.0.0.2), which appends the address it saw to the chain the client
 * forged (behind the listed proxies, a second one of ours appends its own too).
 */
const settings = [
  { TRUST_PROXY: 'false', from: (client: string) => ({ socket: client, chain: `${forged()}, 10.7.7.7` }) },
  { TRUST_PROXY: '1', from: (client: string) => ({ socket: '10.0.0.2', chain: `${forged()}, ${client}` }) },
  {
    TRUST_PROXY: '10.0.0.0/8, 192.168.1.5',
    from: (client: string) => ({ socket: '10.0.0.2', chain: `${forged()}, ${client}, 192.168.1.5` }),
  },
];

describe.each(settings)('behind TRUST_PROXY=$TRUST_PROXY, a forged X-Forwarded-For', (setting) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ TRUST_PROXY: setting.TRUST_PROXY });
  });
  afterAll(async () => {
    await harness?.close();
  });
  const post = (client: string, url: string, payload: object) => {
    const { socket, chain } = setting.from(client);
    return harness.app.inject({
      method: 'POST',
      url,
      remoteAddress: socket,
      headers: { origin: harness.app.config.publicUrl, 'x-forwarded-for': chain },
      payload,
    });
  };

  it('does not lift the verification budget', async () => {
    const budget = harness.app.config.verification.rateLimit?.max ?? 0;
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i <= budget; i++)
      statuses.push(
        (await post(client, '/api/verify', { finNumber: 'G1234567N', eCertNumber: `EC-${i}` })).statusCode,
      );

    expect(statuses.slice(0, budget)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it('does not lift the sign-in budget per address', async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await post(client, '/api/auth/sign-in/email', {
            email: `nobody-${i}@example.com`,
            password: 'wrong',
          })
        ).statusCode,
      );

    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('is not the address Better Auth keeps with a session: that is the one Fastify worked out', async () => {
    const client = newClient();
    const email = `proxied-${clients}@example.com`;
    await createStaffUser(harness.app, { email, name: 'Proxied', password: TEST_PASSWORD }, null);
    const signedIn = await post(client, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const userId = signedIn.json().user.id as string;

    const [kept] = await harness.database.db.select().from(session).where(eq(session.userId, userId));
    // Without a proxy no address is kept at all: nothing but the socket's would be worth keeping.
    expect(kept?.ipAddress || null).toBe(setting.TRUST_PROXY === 'false' ? null : client);
  });
});
