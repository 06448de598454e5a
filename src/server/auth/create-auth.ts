import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, twoFactor } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { PASSWORD_MIN_LENGTH, type Role, type VERIFIER_ROLE } from '#shared/api/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { account, session, twoFactor as twoFactorTable, user, verification } from '../db/schema/index.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { SSO_PROVIDER_ID } from './sso-policy.ts';
import { ssoDatabaseHooks, ssoGate } from './sso-sign-in.ts';

export type { Role };
export type AccountRole = Role | typeof VERIFIER_ROLE;

/**
 * The header the auth plugin sets to Fastify's `request.ip` (what the configured proxies saw) on
 * every request it hands Better Auth, so Better Auth never reads an address a client wrote.
 */
export const CLIENT_ADDRESS_HEADER = 'x-ecert-client-address';

/**
 * Email + password accounts with sessions in the database, and two-factor sign-in for those who
 * turn it on. Public sign-up is off: users come from the first-admin setup, the user:create
 * command, an administrator, or (when it is set up) a first sign-in through the organisation's
 * identity provider.
 */
export function createAuth(db: Db, config: Config, secret: string) {
  const sso = config.singleSignOn;
  return betterAuth({
    appName: 'e-Cert Portal',
    secret,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor: twoFactorTable },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: { expiresIn: 60 * 60 * 12, updateAge: 60 * 60 },
    plugins: [
      admin({
        defaultRole: 'staff',
        adminRoles: ['admin'],
        roles: { admin: adminAc, staff: userAc, editor: userAc },
      }),
      // TOTP from an authenticator app, with ten single-use backup codes for a lost phone.
      twoFactor({ issuer: 'e-Cert Portal' }),
      ...(sso
        ? [
            genericOAuth({
              config: [
                {
                  providerId: SSO_PROVIDER_ID,
                  name: sso.displayName,
                  discoveryUrl: sso.discoveryUrl,
                  clientId: sso.clientId,
                  clientSecret: sso.clientSecret,
                  scopes: sso.scopes,
                  pkce: true,
                  // An ID token signed by the issuer's published keys, or no sign-in at all.
                  requireIdTokenVerification: true,
                  disableSignUp: !sso.createAccounts,
                },
              ],
            }),
          ]
        : []),
    ],
    ...(sso
      ? {
          user: { validateUserInfo: ssoGate(sso) },
          databaseHooks: ssoDatabaseHooks(db, sso),
          account: {
            // Local accounts were made by administrators (there is no public sign-up), so their
            // unverified emails may be joined to the provider's sign-in for the same address; the
            // gate has checked the provider's side (ssoGate).
            accountLinking: {
              enabled: true,
              requireLocalEmailVerified: false,
              trustedProviders: sso.trustEmail ? [SSO_PROVIDER_ID] : [],
            },
            updateAccountOnSignIn: false,
          },
          // Every failed sign-in through the provider returns to the login page, which says why.
          onAPIError: { errorURL: `${config.publicUrl}/login` },
        }
      : {}),
    // Our own limiters guard these routes per address and per account (plugins/auth.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { level: 'error' },
    trustedOrigins: config.trustedOrigins,
    advanced: {
      // Better Auth skips its Origin check when NODE_ENV is "test"; tests must see what users get.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: {
        disableIpTracking: config.trustProxy === false,
        ipAddressHeaders: [CLIENT_ADDRESS_HEADER],
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
