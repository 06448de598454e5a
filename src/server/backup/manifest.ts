import { z } from 'zod';

export const MANIFEST_NAME = 'manifest.json';
/** The master secret generated into DATA_DIR: it seals the issuer key, so it travels with the rows. */
export const SECRET_NAME = 'auth-secret';
export const tablePart = (table: string) => `database/${table}.jsonl`;
export const filePart = (key: string) => `files/${key}`;

export const backupManifest = z.object({
  format: z.literal('ecert-portal-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  databaseKind: z.enum(['pglite', 'postgres']),
  schema: z.object({ migrations: z.number().int(), latest: z.string() }),
  /** Rows per table, in the order a restore loads them. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  sequences: z.record(z.string(), z.string()),
  files: z.number().int().nonnegative(),
  /** The SHA-256 of every other entry of the archive. */
  parts: z.record(z.string(), z.string().regex(/^[a-f0-9]{64}$/)),
});
export type BackupManifest = z.infer<typeof backupManifest>;
