import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Set on SIGTERM: the instance still serves, but tells load balancers to stop sending. */
    lifecycle: { draining: boolean };
  }
}

/**
 * Decorates the instance with what every feature reads: configuration, database, and whether it
 * is draining before a shutdown.
 */
export default fp<{ config: Config; database: Database }>(
  async (app, { config, database }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('lifecycle', { draining: false });
    // A draining instance's answers close their connections, so that no client or load balancer
    // sends its next request on a connection that the shutdown is about to close.
    app.addHook('onRequest', (_request, reply, done) => {
      if (app.lifecycle.draining) reply.header('connection', 'close');
      done();
    });
  },
  { name: 'core' },
);
