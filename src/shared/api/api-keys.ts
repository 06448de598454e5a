import { z } from 'zod';

/** `read`: records may be read; `write`: read and changed (people, renewals, revocation, imports). */
const apiKeyScopes = ['read', 'write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** A key lives at most this long, so a forgotten one does not open the records for ever. */
export const API_KEY_MAX_DAYS = 730;

export const createApiKeyInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(100, { error: 'Name must be at most 100 characters' }),
  scope: z.enum(apiKeyScopes, { error: 'Scope must be read or write' }),
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days' })
    .int({ error: 'Expiry must be a whole number of days' })
    .min(1, { error: 'Expiry must be at least 1 day' })
    .max(API_KEY_MAX_DAYS, { error: `Expiry must be at most ${API_KEY_MAX_DAYS} days` }),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

export const apiKeyView = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(apiKeyScopes),
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

export const apiKeysResponse = z.object({ items: z.array(apiKeyView) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponse>;

/** The answer to creating a key: the only time the key itself is ever sent. */
export const createdApiKey = apiKeyView.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;
