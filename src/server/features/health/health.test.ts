import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HELD_TOO_LONG_MS } from './health.routes.ts';

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

  it('answers at once that the database is busy while queries queue, instead of waiting its turn', async () => {
    const { app, database } = testApp;
    // PGlite answers one query at a time, the loop turning between them: 40 short ones queue for
    // 2 s. On PostgreSQL, every connection of the pool taken for 2 s.
    const pglite = database.kind === 'pglite';
    const slowQueries = Array.from({ length: pglite ? 40 : app.config.databasePoolSize }, () =>
      database.db.execute(sql`select pg_sleep(${pglite ? 0.05 : 2})`).then(() => {}),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/health' });

    expect(performance.now() - started).toBeLessThan(1_000);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'busy' });
    await Promise.all(slowQueries);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when one task has held the database for longer than a commit could need', async () => {
    const { app, database } = testApp;
    let letGo = () => {};
    const holding = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    // A transaction that never ends, as a cancelled download's once did; the clock moves past the limit.
    let started = () => {};
    const begun = new Promise<void>((resolve) => {
      started = resolve;
    });
    const held = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started();
      await holding;
    });
    await begun;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + HELD_TOO_LONG_MS - 1_000);
      expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok' });
      vi.setSystemTime(Date.now() + 2_000);
      const response = await app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        statusCode: 503,
        code: 'UNAVAILABLE',
        message: 'The database has been held by one task for too long.',
      });
    } finally {
      vi.useRealTimers();
      letGo();
      await held;
    }
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
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

describe('GET /api/health/ready', () => {
  it('names each service ready on the embedded database, with no Redis configured', async () => {
    const testApp = await createTestApp();
    try {
      const response = await testApp.app.inject({ url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', redis: 'not configured', files: 'ok' },
      });
      await testApp.database.close();
      const down = await testApp.app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'down', checks: { files: 'ok' } });
    } finally {
      await testApp.close();
    }
  });

  it('says degraded, by error code only, when Redis cannot be reached', async () => {
    const testApp = await createTestApp({ REDIS_URL: 'redis://:hunter2@127.0.0.1:9/0' });
    try {
      const response = await testApp.app.inject({ url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      const answer = response.json();
      expect(answer).toMatchObject({ status: 'degraded', checks: { database: 'ok', files: 'ok' } });
      expect(answer.checks.redis.error).toMatch(/^[A-Z_]+$/);
      expect(response.body).not.toMatch(/127\.0\.0\.1|hunter2|:9\b/);
    } finally {
      await testApp.close();
    }
  });
});

describe('while draining for a shutdown', () => {
  it('answers not ready at once, and still serves everything else, closing each connection', async () => {
    const testApp = await createTestApp();
    try {
      expect((await testApp.app.inject({ url: '/api/site' })).headers.connection).not.toBe('close');
      testApp.app.lifecycle.draining = true;
      const ready = await testApp.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining' });
      expect((await testApp.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const site = await testApp.app.inject({ url: '/api/site' });
      expect(site.statusCode).toBe(200);
      expect(site.headers.connection).toBe('close');
    } finally {
      await testApp.close();
    }
  });
});
