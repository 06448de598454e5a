import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { VERIFIER_ROLE } from '#shared/api/auth.ts';
import type { Db } from '../db/database.ts';
import { session, user } from '../db/schema/index.ts';
import type { AccountRole, Auth } from './create-auth.ts';
import { roleOf } from './role-of.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: AccountRole;
  /** Whether sign-in asks this user for a second factor. */
  twoFactorEnabled: boolean;
}

/**
 * The user of a request's session cookie, or null: what Better Auth's getSession answers, for a
 * fraction of its cost (docs/decisions/0008). The cookie's signature is checked here and the session
 * read with its user in one prepared query; Better Auth is asked whenever it has something to
 * write: a session that has expired (it deletes the row) or is due to be extended. Cookie name,
 * secret and lifetimes come from Better Auth's own context, so the two cannot drift apart.
 */
export function createSessionReader(db: Db, auth: Auth) {
  const settings = auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    key: Buffer.from(context.secret, 'utf8'),
    // Seconds: a session lives expiresIn, and is extended once updateAge of it has passed.
    expiresIn: context.sessionConfig.expiresIn,
    updateAge: context.sessionConfig.updateAge,
  }));
  const findSession = db
    .select({
      expiresAt: session.expiresAt,
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      banned: user.banned,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('read_session');

  /** Better Auth's own answer, for the cases where it writes. */
  const askBetterAuth = async (headers: Headers) => {
    const found = await auth.api.getSession({ headers });
    return found ? toSessionUser(found.user) : null;
  };

  return async (cookieHeader: string | undefined, headers: () => Headers): Promise<SessionUser | null> => {
    const { cookieName, key, expiresIn, updateAge } = await settings;
    const token = signedValue(readCookie(cookieHeader, cookieName), key);
    if (!token) return null;
    const [found] = await findSession.execute({ token });
    if (!found) return null;
    const now = Date.now();
    const dueForUpdate = found.expiresAt.getTime() - (expiresIn - updateAge) * 1000 <= now;
    if (found.expiresAt.getTime() <= now || dueForUpdate) return askBetterAuth(headers());
    return toSessionUser(found);
  };
}

function toSessionUser(found: {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  banned?: boolean | null;
  twoFactorEnabled?: boolean | null;
}) {
  if (found.banned) return null;
  // Anything else Better Auth may hold is the staff role, as it always was; never a verifier.
  const role: AccountRole = found.role === VERIFIER_ROLE ? VERIFIER_ROLE : roleOf(found.role ?? null);
  return {
    id: found.id,
    email: found.email,
    name: found.name,
    role,
    twoFactorEnabled: !!found.twoFactorEnabled,
  };
}

/** One cookie of a Cookie header, percent-decoded; the first of that name, as better-call reads it. */
function readCookie(header: string | undefined, name: string): string | null {
  for (const pair of header?.split(';') ?? []) {
    const equals = pair.indexOf('=');
    if (equals === -1 || pair.slice(0, equals).trim() !== name) continue;
    const value = pair.slice(equals + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

/** The value of a cookie signed as better-call signs it (`value.base64(HMAC-SHA256)`), or null. */
function signedValue(cookie: string | null, key: Buffer): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const value = cookie.slice(0, dot);
  const signature = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', key).update(value).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}
