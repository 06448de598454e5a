import { desc, eq, sql } from 'drizzle-orm';
import type { ApiKeyView, CreateApiKeyInput, CreatedApiKey } from '#shared/api/api-keys.ts';
import type { Db } from '../../db/database.ts';
import { type Actor, recordAudit } from '../../db/record-audit.ts';
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

/**
 * A new key, audited in the same transaction (its name, scope and expiry; never the key). The
 * answer is the only place the key itself ever appears.
 */
export async function createApiKey(db: Db, input: CreateApiKeyInput, actor: Actor): Promise<CreatedApiKey> {
  const key = newKeySecret();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKey)
      .values({
        name: input.name,
        scope: input.scope,
        prefix: keyPrefix(key),
        hash: hashKey(key),
        expiresAt: sql`now() + make_interval(days => ${input.expiresInDays})`,
        createdBy: actor.id,
      })
      .returning();
    if (!created) throw new Error('the new key was not stored');
    await recordAudit(tx, {
      actor,
      entityType: 'apiKey',
      entityId: created.id,
      action: 'create',
      changes: {
        name: [null, created.name],
        scope: [null, created.scope],
        expiresAt: [null, created.expiresAt.toISOString()],
      },
    });
    return created;
  });
  return { ...toApiKeyView(row), key };
}

export const listApiKeys = (db: Db) => db.select().from(apiKey).orderBy(desc(apiKey.createdAt));

/**
 * Revokes a key at once, audited in the same transaction; null when there is no such key. Revoking
 * twice keeps the first time and records nothing more.
 */
export async function revokeApiKey(db: Db, id: string, actor: Actor): Promise<ApiKeyRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiKey).where(eq(apiKey.id, id)).for('update');
    if (!row || row.revokedAt) return row ?? null;
    const [revoked] = await tx
      .update(apiKey)
      .set({ revokedAt: sql`now()` })
      .where(eq(apiKey.id, id))
      .returning();
    if (!revoked?.revokedAt) throw new Error('the key was not revoked');
    await recordAudit(tx, {
      actor,
      entityType: 'apiKey',
      entityId: id,
      action: 'revoke',
      changes: { revokedAt: [null, revoked.revokedAt.toISOString()] },
    });
    return revoked;
  });
}
