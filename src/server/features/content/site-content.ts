import fp from 'fastify-plugin';
import { loadContent } from './load-content.ts';

declare module 'fastify' {
  interface FastifyInstance {
    content: ReturnType<typeof loadContent>;
  }
}

/** The site's configured texts, read once at start-up, so a bad content file stops the start. */
export default fp(
  async (app) => {
    app.decorate('content', loadContent(app.config));
  },
  { name: 'content', dependencies: ['core'] },
);
