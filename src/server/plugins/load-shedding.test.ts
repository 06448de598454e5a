import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Over a real socket: a request is "in flight" from its first byte until its answer has gone or its
 * client has gone, and a contact message whose body is still arriving is one that stays in flight
 * for as long as the test likes.
 */
describe('load shedding', () => {
  let testApp: TestApp;
  let base: string;
  beforeAll(async () => {
    testApp = await createTestApp({ MAX_CONCURRENT_REQUESTS: '2' });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** Starts a contact message and sends only half its body; resolves with its eventual answer. */
  function holdRequest() {
    const body = JSON.stringify({
      name: 'Held Sender',
      email: 'held@example.test',
      message: 'Still typing.',
    });
    const request = http.request(`${base}/api/contact`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        origin: testApp.app.config.publicUrl,
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    answered.catch(() => {});
    request.write(body.slice(0, 10));
    request.flushHeaders();
    return { request, answered, finish: () => request.end(body.slice(10)) };
  }

  const site = () => fetch(`${base}/api/site`);

  it('answers 503 at once past the limit, serves health, and frees a slot when a client goes', async () => {
    expect((await site()).status).toBe(200);
    const first = holdRequest();
    const second = holdRequest();
    await vi.waitFor(async () => expect((await site()).status).toBe(503));

    const shed = await site();
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(shed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await shed.json()).toEqual({
      statusCode: 503,
      code: 'UNAVAILABLE',
      message: 'The service is busy right now. Please try again in a moment.',
    });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    // A client that gives up frees its slot: no leak, however requests end.
    first.request.destroy();
    await vi.waitFor(async () => expect((await site()).status).toBe(200));

    // A held request that completes is served normally, and frees its slot too.
    second.finish();
    expect(await second.answered).toBe(201);
    const afterwards = await Promise.all([site(), site()]);
    expect(afterwards.map((response) => response.status)).toEqual([200, 200]);
  });

  it('refuses a write that arrives past the limit, storing nothing', async () => {
    const stored = await countRows(testApp.database, 'contact_message');
    const held = [holdRequest(), holdRequest()];
    await vi.waitFor(async () => expect((await site()).status).toBe(503));

    const response = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testApp.app.config.publicUrl },
      body: JSON.stringify({ name: 'Shed Sender', email: 'shed@example.test', message: 'Hello.' }),
    });
    expect(response.status).toBe(503);

    for (const { request } of held) request.destroy();
    await vi.waitFor(async () => expect((await site()).status).toBe(200));
    expect(await countRows(testApp.database, 'contact_message')).toBe(stored);
  });
});

describe('load shedding by event-loop lag', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ MAX_EVENT_LOOP_LAG_MS: '200' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const site = () => testApp.app.inject({ method: 'GET', url: '/api/site' });

  /** Two seconds of work the loop cannot put down, as under a backlog the CPU cannot clear. */
  async function blockTheLoop() {
    const until = performance.now() + 2_000;
    while (performance.now() < until) {}
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  it('refuses new requests while the event loop has fallen behind, and serves again once it catches up', async () => {
    expect((await site()).statusCode).toBe(200);

    await blockTheLoop();

    const shed = await site();
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await vi.waitFor(async () => expect((await site()).statusCode).toBe(200), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it('is off with a limit of 0', async () => {
    const unlimited = await createTestApp({ MAX_EVENT_LOOP_LAG_MS: '0' });
    try {
      await blockTheLoop();
      expect((await unlimited.app.inject({ method: 'GET', url: '/api/site' })).statusCode).toBe(200);
    } finally {
      await unlimited.close();
    }
  });
});
