import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/database.ts';
import { loadContent } from '../features/content/load-content.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    content: ReturnType<typeof loadContent>;
  }
}

/** Decorates the instance with what every feature reads: configuration, database, content. */
export default fp<{ config: Config; database: Database }>(
  async (app, { config, database }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('content', loadContent(config));
  },
  { name: 'core' },
);
