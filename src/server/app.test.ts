import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('app-wide behaviour', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each(['GET', 'POST'] as const)('answers %s on an unknown /api path with a JSON 404', async (method) => {
    const response = await testApp.app.inject({ method, url: '/api/whatever' });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });
  });

  const failing: [string, InjectOptions][] = [
    ['unknown API path', { method: 'GET', url: '/api/whatever' }],
    ['validation failure', { method: 'POST', url: '/api/contact', payload: {} }],
    [
      'malformed JSON',
      {
        method: 'POST',
        url: '/api/feedback',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      },
    ],
    [
      'unsupported media type',
      {
        method: 'POST',
        url: '/api/feedback',
        headers: { 'content-type': 'application/xml' },
        payload: '<rating>3</rating>',
      },
    ],
    ['unknown content page', { method: 'GET', url: '/api/content/nope' }],
  ];

  it.each(failing)('never sends a stack with an error (%s)', async (_label, request) => {
    const response = await testApp.app.inject(request);

    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: response.statusCode, code: expect.any(String) });
    expect(body).not.toHaveProperty('stack');
    expect(response.body).not.toContain('    at ');
  });

  it.each([
    ['a JSON answer', '/api/health'],
    ['an error answer', '/api/whatever'],
  ])('sends a CSP forbidding framing and nosniff on %s', async (_label, url) => {
    const response = await testApp.app.inject({ method: 'GET', url });

    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('unexpected failures', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const contact = { name: 'Aisha Tan', email: 'aisha@example.com', message: 'Hello there.' };

  it('answers a failed database write with 500 INTERNAL and no internal detail', async () => {
    // A query the database rejects (here: its table is gone) is a fault of ours, not of the client.
    await testApp.database.db.execute(sql`alter table contact_message rename to contact_message_gone`);
    const response = await testApp.app.inject({ method: 'POST', url: '/api/contact', payload: contact });
    await testApp.database.db.execute(sql`alter table contact_message_gone rename to contact_message`);

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(response.body).not.toMatch(/insert|contact_message|pool|pglite| {4}at /i);
  });

  it('answers 503 UNAVAILABLE, not 500, while the database cannot be reached', async () => {
    await testApp.database.close();

    const response = await testApp.app.inject({ method: 'POST', url: '/api/contact', payload: contact });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      statusCode: 503,
      code: 'UNAVAILABLE',
      message: 'The service is not available right now. Please try again later.',
    });
    expect(response.body).not.toMatch(/insert|contact_message|pool|pglite| {4}at /i);
  });
});
