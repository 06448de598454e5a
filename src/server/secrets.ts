import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * The server's master secret: AUTH_SECRET, or one generated once into DATA_DIR so signatures and
 * sessions survive restarts. Several instances must share AUTH_SECRET.
 */
export function resolveMasterSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A purpose-bound secret derived from the master one, so one leak does not unlock the others. */
export const deriveSecret = (master: string, purpose: string) =>
  createHmac('sha256', master).update(purpose).digest('base64url');
