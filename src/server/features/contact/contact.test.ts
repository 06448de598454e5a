import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '#shared/api/contact.ts';
import type { ApiError } from '#shared/api/errors.ts';
import { contactMessage } from '../../db/schema/index.ts';
import { countRows, createTestApp, type TestApp } from '../../test/test-app.ts';

const { replies } = JSON.parse(fs.readFileSync(path.resolve('content/contact.json'), 'utf8')) as {
  replies: Record<'support' | 'pricing' | 'bug' | 'default', string>;
};

const valid = { name: 'Aisha Tan', email: 'aisha@example.com', message: 'Hello there.' };

describe('POST /api/contact', () => {
  let testApp: TestApp;
  // A generous limit here: validation cases must not be throttled; the limit has its own test below.
  beforeAll(async () => {
    testApp = await createTestApp({ CONTACT_RATE_LIMIT: '1000/1m' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const post = (payload: object) => testApp.app.inject({ method: 'POST', url: '/api/contact', payload });

  /** Sends a request that must be rejected and proves it stored nothing. */
  async function rejected(send: () => Promise<LightMyRequestResponse>) {
    const before = await countRows(testApp.database, 'contact_message');
    const response = await send();
    expect(await countRows(testApp.database, 'contact_message')).toBe(before);
    return response;
  }

  it.each([
    ['name', contactMessages.nameRequired],
    ['email', contactMessages.emailRequired],
    ['message', contactMessages.messageRequired],
  ] as const)('rejects a message without %s with 400 "%s"', async (field, text) => {
    const { [field]: _omitted, ...body } = valid;
    const response = await rejected(() => post(body));

    expect(response.statusCode).toBe(400);
    const error = response.json<ApiError>();
    expect(error).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT' });
    expect(error.fields?.[field]).toBe(text);
  });

  it.each([
    ['name', contactMessages.nameRequired],
    ['email', contactMessages.emailRequired],
    ['message', contactMessages.messageRequired],
  ] as const)('treats a whitespace-only %s as missing', async (field, text) => {
    const response = await rejected(() => post({ ...valid, [field]: '  \t\n ' }));

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields?.[field]).toBe(text);
  });

  it.each(['not-an-email', 'aisha@example', 'aisha tan@example.com', '@example.com'])(
    'rejects the badly formed email %j with "Please enter a valid email"',
    async (email) => {
      const response = await rejected(() => post({ ...valid, email }));

      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>()).toMatchObject({
        code: 'INVALID_INPUT',
        fields: { email: contactMessages.emailInvalid },
      });
    },
  );

  it('rejects a message over 5,000 characters with 400', async () => {
    const response = await rejected(() => post({ ...valid, message: 'a'.repeat(5_001) }));

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toMatchObject({
      code: 'INVALID_INPUT',
      fields: { message: contactMessages.messageTooLong },
    });
  });

  it('accepts a message of exactly 5,000 characters', async () => {
    const response = await post({ ...valid, message: 'a'.repeat(5_000) });

    expect(response.statusCode).toBe(201);
  });

  it('rejects a form-encoded body with 415 in the error shape', async () => {
    const response = await rejected(() =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Aisha&email=aisha%40example.com&message=hi',
      }),
    );

    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.any(String),
    });
  });

  it('refuses a text/plain body with 415 in the error shape', async () => {
    const response = await rejected(() =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'text/plain' },
        payload: 'name=Aisha email=aisha@example.com message=hi',
      }),
    );

    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.any(String),
    });
  });

  it('rejects a request without a body with 400 in the error shape', async () => {
    const response = await rejected(() => testApp.app.inject({ method: 'POST', url: '/api/contact' }));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT' });
  });

  it('rejects malformed JSON with 400 in the error shape', async () => {
    const response = await rejected(() =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Aisha", ',
      }),
    );

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'INVALID_INPUT', message: expect.any(String) });
  });

  it('rejects a JSON body that is not an object with 400', async () => {
    const response = await rejected(() => post(['not', 'an', 'object']));

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().code).toBe('INVALID_INPUT');
  });

  it('stores exactly one row for a valid message and answers 201 with a reply', async () => {
    const email = 'one-row@example.com';
    const before = await countRows(testApp.database, 'contact_message');

    const response = await post({ name: '  Ben Lim ', email, message: 'Just saying hello.' });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ reply: replies.default });
    expect(await countRows(testApp.database, 'contact_message')).toBe(before + 1);
    const stored = await testApp.database.db
      .select()
      .from(contactMessage)
      .where(eq(contactMessage.email, email));
    expect(stored).toHaveLength(1);
    // Stored trimmed, as validated.
    expect(stored[0]).toMatchObject({ name: 'Ben Lim', email, message: 'Just saying hello.' });
  });

  it.each([
    ['support', 'I need support signing in to my account.'],
    ['pricing', 'What is the pricing for the forklift course?'],
    ['bug', 'The verify page shows an error when I search.'],
    ['default', 'Thank you for the course last week.'],
  ] as const)(
    'answers a %s message with the matching reply from content/contact.json',
    async (topic, message) => {
      const response = await post({ ...valid, message });

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ reply: replies[topic] });
    },
  );
});

describe('POST /api/contact rate limit', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ CONTACT_RATE_LIMIT: '2/1m' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers the third message within the window with 429 RATE_LIMITED and Retry-After', async () => {
    const send = () => testApp.app.inject({ method: 'POST', url: '/api/contact', payload: valid });

    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const third = await send();

    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(testApp.database, 'contact_message')).toBe(2);
  });
});
