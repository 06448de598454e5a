import path from 'node:path';
import fp from 'fastify-plugin';
import { createLocalFileStore, type FileStore } from '../files/file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
  }
}

export default fp<{ store?: FileStore }>(
  async (app, { store }) => {
    app.decorate('files', store ?? createLocalFileStore(path.join(app.config.dataDir, 'files')));
  },
  { name: 'files', dependencies: ['core'] },
);
