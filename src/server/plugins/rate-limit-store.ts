import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Store = FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] };
type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean };

// @fastify/rate-limit's own two stores, from files it does not export: Redis, and this process's
// memory (docs/decisions/0008; rate-limit-store.test.ts fails if they move).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
) => Store;

/**
 * Counts in the Redis every instance shares; while Redis is away, in this instance's memory. A
 * limit is then no longer shared between instances, but it is never lifted (docs/reliability.md).
 */
export function sharedLimitStore(redis: Redis): FastifyRateLimitStoreCtor {
  const fallingBack = (shared: Store, alone: Store): Store => ({
    incr(key, callback, timeWindow, max) {
      shared.incr(
        key,
        (error, result) => (error ? alone.incr(key, callback, timeWindow, max) : callback(null, result)),
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => fallingBack(shared.child(routeOptions), alone.child(routeOptions)),
  });
  function SharedLimitStore(options: StoreOptions) {
    const { continueExceeding, exponentialBackoff } = options;
    return fallingBack(
      new RedisStore(continueExceeding, exponentialBackoff, redis, 'ecert:rate-limit:'),
      new LocalStore(continueExceeding, exponentialBackoff),
    );
  }
  return SharedLimitStore as unknown as FastifyRateLimitStoreCtor;
}
