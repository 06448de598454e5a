import { createHash, randomBytes } from 'node:crypto';

/** Marks our keys, so a leaked one is recognisable in a repository scan. */
const KEY_MARK = 'ecert_';

/** A new key: 32 random bytes after the mark. */
export const newKeySecret = () => `${KEY_MARK}${randomBytes(32).toString('base64url')}`;

/** What the table keeps of a key. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The start of a key the list shows: the mark and six characters, too few to guess the rest. */
export const keyPrefix = (key: string) => key.slice(0, KEY_MARK.length + 6);

/** The key of an `Authorization: Bearer <key>` header, or null when the request carries none. */
export function bearerKey(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}
