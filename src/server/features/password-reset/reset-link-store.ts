import { createHash, randomBytes } from 'node:crypto';

/**
 * Reset links live in Better Auth's `verification` table under this prefix, with the user's id as
 * the value. Only the token's SHA-256 is stored: a copy of the database opens no account.
 */
const PREFIX = 'password-reset:';

export const newResetToken = () => randomBytes(32).toString('base64url');

export const resetLinkIdentifier = (token: string) =>
  PREFIX + createHash('sha256').update(token).digest('hex');

/** For finding every link of a user (LIKE pattern). */
export const ANY_RESET_LINK = `${PREFIX}%`;
