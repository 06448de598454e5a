import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/test-app.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const TOKEN = 'metrics-token-for-the-test';

/** A turn of the event loop: a WeakRef read in this job keeps its target alive until the job ends. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 10));

/** Builds an app, scrapes its metrics once (so every collector has run), closes it, and keeps only weak references. */
async function closedApp() {
  const testApp = await createTestApp({ METRICS_TOKEN: TOKEN });
  const scraped = await testApp.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(scraped.statusCode).toBe(200);
  await testApp.close();
  return { app: new WeakRef(testApp.app), database: new WeakRef(testApp.database.db) };
}

describe('an app after close', () => {
  it('is freed with its database: nothing the process keeps (its metrics, timers) holds it', async () => {
    const { app, database } = await closedApp();
    for (let round = 0; round < 5 && (app.deref() || database.deref()); round++) {
      await nextTask();
      collectGarbage();
      await nextTask();
    }
    expect({ appFreed: app.deref() === undefined, databaseFreed: database.deref() === undefined }).toEqual({
      appFreed: true,
      databaseFreed: true,
    });
  });
});
