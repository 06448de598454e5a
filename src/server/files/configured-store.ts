import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalFileStore, type FileStore } from './file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/** The file store the configuration names, as the server makes it: for commands run beside it. */
export const configuredFileStore = ({ s3, dataDir }: Config): FileStore =>
  s3 ? createS3FileStore(s3) : createLocalFileStore(path.join(dataDir, 'files'));
