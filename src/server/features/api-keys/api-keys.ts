import { desc, eq, sql } from 'drizzle-orm';
import type { ApiKeyView, CreateApiKeyInput, CreatedApiKey } from '#shared/api/api-keys.ts';
import type { Db } from '../../db/database.ts';
import { apiKey } from '../../db/schema/index.ts';
import { hashKey, keyPrefix, newKeySecret } from './key-secret.ts';

type ApiKeyRow = typeof apiKey.$inferSelect;

export const toApiKeyView = (row: ApiKeyRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A new key; the answer is the only place the key itself ever appears. */
export async function createApiKey(
  db: Db,
  input: CreateApiKeyInput,
  createdBy: string,
): Promise<CreatedApiKey> {
  const key = newKeySecret();
  const [row] = await db
    .insert(apiKey)
    .values({
      name: input.name,
      scope: input.scope,
      prefix: keyPrefix(key),
      hash: hashKey(key),
      expiresAt: sql`now() + make_interval(days => ${input.expiresInDays})`,
      createdBy,
    })
    .returning();
  if (!row) throw new Error('the new key was not stored');
  return { ...toApiKeyView(row), key };
}

export const listApiKeys = (db: Db) => db.select().from(apiKey).orderBy(desc(apiKey.createdAt));

/** Revokes a key at once; false when there is no such key. Revoking twice keeps the first time. */
export async function revokeApiKey(db: Db, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKey)
    .set({ revokedAt: sql`coalesce(${apiKey.revokedAt}, now())` })
    .where(eq(apiKey.id, id))
    .returning();
  return row ?? null;
}
