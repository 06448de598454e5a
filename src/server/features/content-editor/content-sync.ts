import fp from 'fastify-plugin';
import { serveLatestVersion } from './published-versions.ts';

/**
 * How often an instance asks for a newer published version: one indexed `max()` a second and a
 * half keeps every instance within seconds of a publish without a channel between them.
 */
export const CONTENT_POLL_MS = 1_500;

/** Serves the newest published content at start and picks up every later publish, on any instance. */
export default fp(
  async (app) => {
    await serveLatestVersion(app);
    let failing = false;
    const timer = setInterval(() => {
      serveLatestVersion(app).then(
        () => {
          failing = false;
        },
        (error: unknown) => {
          // Logged once per outage: the database being away is reported elsewhere too.
          if (!failing) app.log.warn({ err: error }, 'could not check for published content');
          failing = true;
        },
      );
    }, CONTENT_POLL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'content-sync', dependencies: ['content'] },
);
