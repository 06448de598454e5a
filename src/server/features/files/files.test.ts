import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKeyFor } from '../../files/file-store.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

const get = (url: string) => harness.app.inject({ method: 'GET', url });

describe('GET /files/:key', () => {
  it('serves a stored image with its type, nosniff and immutable caching', async () => {
    const bytes = Buffer.from(`RIFF fake webp ${Date.now()}`);
    const key = fileKeyFor(bytes, 'webp');
    await harness.app.files.put(key, bytes);

    const response = await get(`/files/${key}`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('serves a PDF inline inside a sandboxing CSP', async () => {
    const bytes = Buffer.from(`%PDF-1.7 fake ${Date.now()}`);
    const key = fileKeyFor(bytes, 'pdf');
    await harness.app.files.put(key, bytes);

    const response = await get(`/files/${key}`);

    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline');
    expect(response.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it.each([
    ['a well-formed key with no file', `${'a'.repeat(64)}.webp`],
    ['a path-traversal key', '..%2F..%2F..%2Fetc%2Fpasswd'],
    ['a traversal with a valid-looking name', `..%2F${'a'.repeat(64)}.webp`],
    ['an uppercase key', `${'A'.repeat(64)}.webp`],
    ['a key with another extension', `${'a'.repeat(64)}.html`],
  ])('answers 404 for %s', async (_label, key) => {
    const response = await get(`/files/${key}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('refuses an encoded NUL byte in the key with 400, as in any input', async () => {
    const response = await get(`/files/${'a'.repeat(64)}%00.webp`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_INPUT');
  });
});
