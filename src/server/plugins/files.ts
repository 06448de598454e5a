import fp from 'fastify-plugin';
import { configuredFileStore } from '../files/configured-store.ts';
import type { FileStore } from '../files/file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
  }
}

export default fp<{ store?: FileStore }>(
  async (app, { store }) => {
    app.decorate('files', store ?? configuredFileStore(app.config));
  },
  { name: 'files', dependencies: ['core'] },
);
