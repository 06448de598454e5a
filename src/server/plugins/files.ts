import path from 'node:path';
import fp from 'fastify-plugin';
import { createLocalFileStore, type FileStore } from '../files/file-store.ts';
import { createS3FileStore } from '../files/s3-file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
  }
}

export default fp<{ store?: FileStore }>(
  async (app, { store }) => {
    const { s3, dataDir } = app.config;
    app.decorate(
      'files',
      store ?? (s3 ? createS3FileStore(s3) : createLocalFileStore(path.join(dataDir, 'files'))),
    );
  },
  { name: 'files', dependencies: ['core'] },
);
