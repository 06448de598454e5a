import { desc, eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ContentFiles } from '#shared/api/content-files.ts';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../../db/record-audit.ts';
import { contentVersion } from '../../db/schema/index.ts';
import { contentFromFiles } from '../content/load-content.ts';

/** The newest published version's number; 0 while only the `content/` files have been served. */
export async function latestVersionNumber(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ version: max(contentVersion.version) }).from(contentVersion);
  return row?.version ?? 0;
}

export async function findVersion(db: Db | Tx, version: number) {
  const [row] = await db.select().from(contentVersion).where(eq(contentVersion.version, version));
  return row ?? null;
}

export const listVersions = (db: Db, limit = 100) =>
  db.select().from(contentVersion).orderBy(desc(contentVersion.version)).limit(limit);

/** The files of a version: this instance's copy when it serves it, else the database's. */
export async function filesOfVersion(
  app: FastifyInstance,
  db: Db | Tx,
  version: number,
): Promise<ContentFiles> {
  if (version === app.content.version) return app.content.files;
  const row = await findVersion(db, version);
  if (!row) throw new Error(`content version ${version} is missing`);
  return row.files;
}

/**
 * Serves the newest published version if this instance does not yet. A version that no longer
 * fits the schemas (written by an older release) is refused, and the instance keeps what it serves.
 */
export async function serveLatestVersion(app: FastifyInstance) {
  const latest = await latestVersionNumber(app.db);
  if (latest === app.content.version) return;
  const row = await findVersion(app.db, latest);
  if (!row) return;
  const resolved = contentFromFiles(
    row.files,
    ({ language, name, field }) =>
      new Error(`content version ${latest}: ${language}/${name} ${field} is invalid`),
  );
  app.content.replace(row.version, row.files, resolved);
}
