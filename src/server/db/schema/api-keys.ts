import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '#shared/api/api-keys.ts';

/**
 * A key the issuer's own systems use instead of a session. Only the SHA-256 of the key is kept:
 * a key is 32 random bytes, so a fast hash is enough and a stolen table opens nothing.
 */
export const apiKey = pgTable(
  'api_key',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiKeyScope>().notNull(),
    /** The first characters of the key, shown in the list so a person can tell keys apart. */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_key_created_at_idx').on(t.createdAt.desc())],
);
