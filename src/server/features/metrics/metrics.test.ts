import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson } from '../../test/people.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TOKEN = 'metrics-token-for-the-test';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /metrics', () => {
  let harness: TestApp;
  beforeAll(async () => {
    // A low verification limit, so one test request meets it; proof of work off to reach the lookup.
    harness = await createTestApp({ METRICS_TOKEN: TOKEN, VERIFY_POW: 'false', VERIFY_RATE_LIMIT: '2/1m' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('answers the listed series, requests labelled by the route that matched', async () => {
    const { app, database } = harness;
    const record = await insertPerson(database.db);
    const verify = (eCertNumber: string) =>
      app.inject({
        method: 'POST',
        url: '/api/verify',
        payload: { finNumber: record.finNumber, eCertNumber },
      });
    expect((await verify(record.eCertNumber)).statusCode).toBe(200);
    expect((await verify('NO-SUCH-SERIAL')).statusCode).toBe(404);
    expect((await verify(record.eCertNumber)).statusCode).toBe(429);
    expect((await app.inject({ url: `/api/certificates/${record.id}/credential` })).statusCode).toBe(200);
    // The same route spelled another way counts under its pattern, not its raw text.
    expect((await app.inject({ url: `/api/certificates/${record.id}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/%61pi/certificates/${record.id}` })).statusCode).toBe(200);

    const response = await app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain('http_requests_total{method="GET",route="/api/certificates/:id",status="200"} 2');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/verify",status="200"\} \d/,
    );
    expect(text).toContain('http_requests_refused_total{reason="rate_limit"} 1');
    expect(text).toContain('http_requests_refused_total{reason="shedding"} 0');
    expect(text).toContain('ecert_verifications_total{outcome="match"} 1');
    expect(text).toContain('ecert_verifications_total{outcome="miss"} 1');
    expect(text).toMatch(/ecert_credentials_signed_total [1-9]/);
    expect(text).toContain('ecert_import_jobs{status="checking"} 0');
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
    expect(text).toContain('# TYPE db_pool_connections gauge');
    if (database.kind === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
    expect(text).not.toContain(record.id);
  });

  it('refuses a request without the token or with a wrong one', async () => {
    const without = await harness.app.inject({ url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer');
    expect(without.body).not.toContain('http_requests_total');
    const wrong = await harness.app.inject({ url: '/metrics', headers: bearer(`${TOKEN}x`) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers 404 when no token is configured', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    } finally {
      await plain.close();
    }
  });
});
