import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis every instance shares (`REDIS_URL`), or null when this instance keeps its state alone. */
    redis: Redis | null;
  }
}

/**
 * Connects to the shared Redis when `REDIS_URL` is set. A command never waits for Redis to come
 * back: while it is away, commands fail at once and their callers fall back (docs/reliability.md).
 */
export default fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    let down = false;
    redis.on('error', (error: Error) => {
      if (!down)
        app.log.warn(
          { err: { message: error.message } },
          'Redis unavailable: shared limits fall back to this instance',
        );
      down = true;
    });
    redis.on('ready', () => {
      if (down) app.log.info('Redis reachable again');
      down = false;
    });
    // Start-up waits for Redis once, so the first requests already share their state.
    await new Promise<void>((resolve) => {
      redis.once('ready', resolve);
      setTimeout(resolve, 2_000).unref();
    });
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  },
  { name: 'shared-state', dependencies: ['core'] },
);
