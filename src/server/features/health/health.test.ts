import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('GET /api/health', () => {
  // A fresh app per test: the second one takes its database down.
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await createTestApp();
  });
  afterEach(async () => {
    await testApp?.close();
  });

  it('answers 200 { status: "ok" } while the database answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 in the error shape when the database stops answering', async () => {
    await testApp.database.close();
    // The outage is real: the database itself now refuses queries.
    await expect(testApp.database.ping()).rejects.toThrow();

    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      statusCode: 503,
      code: 'UNAVAILABLE',
      message: 'The database is not answering.',
    });
  });
});
