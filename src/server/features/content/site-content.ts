import fp from 'fastify-plugin';
import { LiveContent } from './live-content.ts';
import { loadContent, readContentFiles } from './load-content.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Published content; the `content/` files until something is published from the dashboard. */
    content: LiveContent;
  }
}

/** The site's configured texts, read once at start-up, so a bad content file stops the start. */
export default fp(
  async (app) => {
    app.decorate('content', new LiveContent(loadContent(app.config), readContentFiles(app.config)));
  },
  { name: 'content', dependencies: ['core'] },
);
