import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ImportStatus } from '#shared/api/imports.ts';
import { queryRows } from '../db/database.ts';

const IMPORT_STATUSES: ImportStatus[] = ['checking', 'ready', 'committing', 'done', 'failed'];

let processRegistry: Registry | undefined;

/**
 * The process's own measures (memory, garbage collection, event loop), started once per process:
 * they describe the process, not an app, and prom-client's collectors for them never stop, so
 * started per app they would keep every app a process ever built, its database included.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The series GET /metrics shows: this instance's own, and the process's (memory, GC, event loop). */
    metricsRegistry: Registry;
  }
}

/**
 * The service's measures for operators, in one Prometheus registry. Requests are labelled by the
 * route that matched, never the raw URL, so the series stay few and a path spelled another way
 * counts once. Registered before the routes, so its hooks see every one of them.
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    const registers = [registry];
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, matched route and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by method, matched route and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const refused = new Counter({
      name: 'http_requests_refused_total',
      help: 'Requests refused before any work: by load shedding (503) or a rate limit (429).',
      labelNames: ['reason'],
      registers,
    });
    const verifications = new Counter({
      name: 'ecert_verifications_total',
      help: 'Public verifications by outcome: a record matched, or no match.',
      labelNames: ['outcome'],
      registers,
    });
    const signed = new Counter({
      name: 'ecert_credentials_signed_total',
      help: 'Credentials signed.',
      registers,
    });
    for (const reason of ['shedding', 'rate_limit']) refused.inc({ reason }, 0);
    for (const outcome of ['match', 'miss']) verifications.inc({ outcome }, 0);
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one.',
      labelNames: ['state'],
      registers,
      collect() {
        const use = app.database.poolUse?.();
        if (use) for (const [state, count] of Object.entries(use)) this.set({ state }, count);
      },
    });
    new Gauge({
      name: 'ecert_import_jobs',
      help: 'Bulk import jobs by status.',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await queryRows<{ status: string; count: number }>(
          app.db,
          sql`select status, count(*)::int as count from import_job group by status`,
        );
        for (const status of IMPORT_STATUSES)
          this.set({ status }, rows.find((row) => row.status === status)?.count ?? 0);
      },
    });

    const shed = refused.labels({ reason: 'shedding' });
    app.addHook('onResponse', (request, reply, done) => {
      // A refusal is counted here alone: it must cost as little as possible.
      if (request.shed) {
        shed.inc();
        return done();
      }
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) refused.inc({ reason: 'rate_limit' });
      if (route === '/api/verify' && request.method === 'POST' && [200, 404].includes(reply.statusCode))
        verifications.inc({ outcome: reply.statusCode === 200 ? 'match' : 'miss' });
      done();
    });

    // Every signature goes through the issuer, decorated by its own plugin after this one.
    app.addHook('onReady', async () => {
      const sign = app.issuer.sign.bind(app.issuer);
      app.issuer.sign = async (credential) => {
        const result = await sign(credential);
        signed.inc();
        return result;
      };
    });

    app.decorate('metricsRegistry', Registry.merge([processMetrics(), registry]));
  },
  { name: 'metrics', dependencies: ['core'] },
);
