import 'dotenv/config';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createLocalFileStore } from '../files/file-store.ts';
import { createS3FileStore } from '../files/s3-file-store.ts';
import { runOperatorCommand } from './operator-command.ts';

const USAGE =
  'Usage: npm run files:migrate -- --to s3 (with S3_BUCKET and the other S3_ settings of README.md)';

/**
 * Copies the files under DATA_DIR/files into the configured bucket, skipping those already there
 * with the same size, so it can run again after an interruption and while the portal serves.
 */
async function migrateFiles(): Promise<string> {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (values.to !== 's3') throw new Error(USAGE);
  const config = loadConfig({ ...process.env, FILE_STORE: 's3' });
  if (!config.s3) throw new Error(USAGE);
  const local = createLocalFileStore(path.join(config.dataDir, 'files'));
  const bucket = createS3FileStore(config.s3);
  let copied = 0;
  let present = 0;
  for await (const key of local.keys()) {
    const [source, target] = await Promise.all([local.stat?.(key), bucket.stat?.(key)]);
    if (source && target?.size === source.size) {
      present += 1;
      continue;
    }
    const file = await local.open(key);
    if (!file) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    await bucket.put(key, Buffer.concat(chunks));
    copied += 1;
  }
  return `Copied ${copied} files to the bucket ${config.s3.bucket} (${present} were there already). Set FILE_STORE=s3 and restart the portal to serve them from there.`;
}

runOperatorCommand(migrateFiles);
