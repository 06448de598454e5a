import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3FileStore } from '../files/s3-file-store.ts';
import { freePort } from './free-port.ts';

const BUCKET = 'ecert-files';

/** A real S3 protocol server (s3rver) on a free loopback port, with an empty bucket. */
export async function startS3() {
  const port = await freePort();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-s3-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    /** The bucket as the portal sees it, for a test to look inside. */
    bucket: createS3FileStore({
      bucket: BUCKET,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
    env: {
      FILE_STORE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
