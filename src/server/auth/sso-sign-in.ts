import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, sql } from 'drizzle-orm';
import { emailField, VERIFIER_ROLE } from '#shared/api/auth.ts';
import {
  SSO_DOMAIN_NOT_ALLOWED,
  SSO_EMAIL_NOT_VERIFIED,
  singleSignOnFailure,
} from '#shared/api/single-sign-on.ts';
import type { SingleSignOnConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { recordAudit } from '../db/record-audit.ts';
import { user } from '../db/schema/index.ts';
import type { Role } from './create-auth.ts';
import { roleOf } from './role-of.ts';
import { emailDomainAllowed, roleFromClaims, SSO_PROVIDER_ID } from './sso-policy.ts';

/** What the gate decided about one provider callback, for the hooks that run later in it. */
interface SsoSignIn {
  role?: Role;
  /** Whether this callback made the user (the only user it can make is the one signing in). */
  created?: boolean;
  /** Whether it joined the provider's sign-in to an account that was there before. */
  joined?: boolean;
}

// Better Auth hands the provider's claims to the gate only, and its profile mapping cannot set the
// role at all (the admin plugin marks it input: false); the decision travels to the hooks here.
const signIns = new AsyncLocalStorage<SsoSignIn>();

/** Runs a provider callback with room for what the gate decides about it. */
export const duringSsoCallback = <T>(callback: () => Promise<T>) => signIns.run({}, callback);

interface ValidateUserInfoData {
  user: { email?: unknown; emailVerified?: unknown };
  source: { method: string; oauth?: { providerId: string; profile?: Record<string, unknown> } };
}

/**
 * Better Auth's `validateUserInfo`: every sign-in through the provider (first, linking or
 * returning) needs an email the provider has verified, or a provider trusted with emails, at one
 * of the allowed domains. It also decides the role from the claims of this very sign-in.
 */
export function ssoGate(sso: SingleSignOnConfig) {
  const refuse = (error: string) => ({
    error,
    errorDescription: singleSignOnFailure(error, sso.displayName),
  });
  return ({ user: claimed, source }: ValidateUserInfoData) => {
    if (source.method !== 'oauth' || source.oauth?.providerId !== SSO_PROVIDER_ID) return;
    const signIn = signIns.getStore();
    // Only the callback route completes a sign-in through the provider (not an ID token posted to us).
    if (!signIn) return refuse('unexpected_sign_in');
    if (claimed.emailVerified !== true && !sso.trustEmail) return refuse(SSO_EMAIL_NOT_VERIFIED);
    // The rule staff accounts are made by, so an address such as eve@evil.test@contoso.com is not kept.
    const email = emailField.safeParse(claimed.email);
    if (!email.success || !emailDomainAllowed(email.data, sso.allowedDomains))
      return refuse(SSO_DOMAIN_NOT_ALLOWED);
    signIn.role = roleFromClaims(source.oauth.profile ?? {}, sso.adminClaim, {
      admin: sso.adminValue,
      editor: sso.editorValue,
    });
  };
}

/**
 * A user made by a sign-in gets the role its claims gave; a returning one gets it again before
 * the session is made, so a change at the provider holds from the next sign-in. Audited: the
 * account made, an account joined to the provider's sign-in, a role changed.
 */
export function ssoDatabaseHooks(db: Db, sso: SingleSignOnConfig) {
  return {
    user: {
      create: {
        before: async (data: Record<string, unknown>) => {
          const signIn = signIns.getStore();
          if (!signIn?.role) return;
          signIn.created = true;
          return { data: { ...data, role: signIn.role } };
        },
      },
    },
    session: {
      create: {
        before: async (session: { userId: string }) => {
          const signIn = signIns.getStore();
          if (signIn?.role) await applyRole(db, session.userId, signIn, sso.displayName);
        },
      },
    },
    account: {
      create: {
        // The portal never calls the provider for a user, so it keeps none of their tokens.
        before: async (account: Record<string, unknown>) => {
          if (account.providerId !== SSO_PROVIDER_ID) return;
          const signIn = signIns.getStore();
          if (signIn && !signIn.created) signIn.joined = true;
          return { data: { ...account, accessToken: null, refreshToken: null, idToken: null } };
        },
      },
    },
  };
}

async function applyRole(db: Db, userId: string, signIn: SsoSignIn, provider: string) {
  const role = signIn.role as Role;
  const via = { signIn: [null, provider] as [unknown, unknown] };
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(eq(user.id, userId)).for('update');
    // Better Auth's admin plugin refuses a banned user's session next; nothing about them changes.
    if (!row || (row.banned && (!row.banExpires || row.banExpires > new Date()))) return;
    // A verifier's user never becomes staff, whatever the provider says about the address.
    if (row.role === VERIFIER_ROLE) return;
    if (signIn.created) {
      await recordAudit(tx, {
        actor: null,
        entityType: 'user',
        entityId: userId,
        action: 'create',
        changes: { email: [null, row.email], name: [null, row.name], role: [null, role], ...via },
      });
      return;
    }
    const before = roleOf(row.role);
    if (before === role && !signIn.joined) return;
    if (before !== role)
      await tx.update(user).set({ role, updatedAt: sql`now()` }).where(eq(user.id, userId));
    await recordAudit(tx, {
      actor: null,
      entityType: 'user',
      entityId: userId,
      action: 'update',
      changes: {
        ...(signIn.joined ? { joinedSignIn: [null, provider] } : {}),
        ...(before !== role ? { role: [before, role] } : {}),
        ...via,
      },
    });
  });
}
