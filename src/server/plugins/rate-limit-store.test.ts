import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const MOVED = '@fastify/rate-limit changed its private stores: read docs/decisions/0008';

describe("@fastify/rate-limit's own stores, required from its private files (checked against 11.2.0)", () => {
  it.each(['RedisStore', 'LocalStore'])('finds %s where it was, with incr and child', (name) => {
    const Store = require(`@fastify/rate-limit/store/${name}.js`);
    expect(typeof Store, MOVED).toBe('function');
    expect(typeof Store.prototype.incr, MOVED).toBe('function');
    expect(typeof Store.prototype.child, MOVED).toBe('function');
  });

  it('builds the in-memory store from (continueExceeding, exponentialBackoff) and counts with it', async () => {
    const LocalStore = require('@fastify/rate-limit/store/LocalStore.js');
    const store = new LocalStore(false, false);
    const incr = () =>
      new Promise<{ current: number }>((resolve, reject) =>
        store.incr(
          'key',
          (error: Error | null, result: { current: number }) => (error ? reject(error) : resolve(result)),
          60_000,
          5,
        ),
      );
    expect((await incr()).current, MOVED).toBe(1);
    expect((await incr()).current, MOVED).toBe(2);
  });
});
