import { describe, expect, it } from 'vitest';
import { checked, csvOf, csvRow, settled } from '../../test/imports-api.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi();

// PostgreSQL serves other queries on other connections meanwhile: nothing to prove there.
describe.skipIf(process.env.DATABASE_URL)('a commit holding the embedded database', () => {
  it('leaves the liveness check answering at once, and readiness saying busy, until it ends', async () => {
    const view = await checked(api, csvOf(Array.from({ length: 3_000 }, () => csvRow())));
    expect(view).toMatchObject({ status: 'ready', valid: 3_000 });

    const commit = await api.inject({
      method: 'POST',
      url: `/api/imports/${view.id}/commit`,
      headers: api.staff.headers,
      payload: { duplicates: 'skip' },
    });
    expect(commit.statusCode).toBe(202);
    // The transaction holds PGlite's one connection: a check that asked the database would wait.
    const health = await api.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'busy' });
    const ready = await api.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'busy' });

    expect(await settled(api, view.id)).toMatchObject({ status: 'done', created: 3_000 });
    expect((await api.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await api.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
