import { describe, expect, it } from 'vitest';
import { fileKeyFor } from '../../files/file-store.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi();
const get = (url: string, cookie?: string) =>
  api.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /files/:key', () => {
  it('serves a live record’s image to anyone, with its type, nosniff and immutable caching', async () => {
    const person = await api.created();
    const url = person.certificateImage?.url ?? '';

    const response = await get(url);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeGreaterThan(0);
  });

  it('keeps a file no record shows to staff, kept by no cache', async () => {
    const bytes = Buffer.from(`RIFF fake webp ${Date.now()}`);
    const key = fileKeyFor(bytes, 'webp');
    await api.harness.app.files.put(key, bytes);

    const anonymous = await get(`/files/${key}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    expect(anonymous.body).not.toContain(bytes.toString());

    const staff = await get(`/files/${key}`, api.staff.cookie);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect(staff.rawPayload.equals(bytes)).toBe(true);
  });

  it('serves a PDF inline inside a sandboxing CSP', async () => {
    const bytes = Buffer.from(`%PDF-1.7 fake ${Date.now()}`);
    const key = fileKeyFor(bytes, 'pdf');
    await api.harness.app.files.put(key, bytes);

    const response = await get(`/files/${key}`, api.staff.cookie);

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
    const response = await get(`/files/${key}`, api.staff.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('tells no one without a session whether a file exists', async () => {
    expect((await get(`/files/${'a'.repeat(64)}.webp`)).statusCode).toBe(401);
  });

  it('refuses an encoded NUL byte in the key with 400, as in any input', async () => {
    const response = await get(`/files/${'a'.repeat(64)}%00.webp`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_INPUT');
  });
});
