import { z } from 'zod';
import { isSameSitePath } from '../rules/same-site-path.ts';

/** How staff may sign in here: what the login page offers. */
export const signInOptions = z.object({
  passwordSignIn: z.boolean(),
  /** The organisation's identity provider, by the name on its button; null when not set up. */
  singleSignOn: z.object({ name: z.string() }).nullable(),
});
export type SignInOptions = z.infer<typeof signInOptions>;

/** The signed-in user's own way in: only an account with a password has password settings. */
export const ownSignIn = z.object({ password: z.boolean() });
export type OwnSignIn = z.infer<typeof ownSignIn>;

/** Where to return after signing in: a path on this site, never another site. */
export const startSingleSignOnInput = z.object({
  callbackURL: z
    .string()
    .max(500, { error: 'The return address is too long' })
    .refine(isSameSitePath, { error: 'The return address must be a path on this site' })
    .optional(),
});
export type StartSingleSignOnInput = z.infer<typeof startSingleSignOnInput>;

/** The provider's sign-in page, for the browser to open. */
export interface StartedSingleSignOn {
  url: string;
}

/** Refusals the portal itself gives a sign-in through the provider. */
export const SSO_DOMAIN_NOT_ALLOWED = 'domain_not_allowed';
export const SSO_EMAIL_NOT_VERIFIED = 'email_not_verified';

/**
 * Words for the `error` code a failed sign-in through the provider returns with to /login. The
 * page shows only these: the description beside the code is text anyone could put in a link.
 */
export function singleSignOnFailure(code: string, provider: string): string {
  switch (code) {
    case SSO_DOMAIN_NOT_ALLOWED:
      return 'This email address may not sign in to this portal. Use your organisation account, or ask an administrator.';
    case SSO_EMAIL_NOT_VERIFIED:
      return `${provider} has not confirmed your email address, so this portal cannot sign you in with it. Ask your IT team to confirm it.`;
    case 'signup_disabled':
      return 'There is no account for you on this portal yet. Ask an administrator to add you, then sign in again.';
    case 'BANNED_USER':
      return 'Your account is blocked. Ask an administrator of this portal.';
    case 'account_not_linked':
      return `An account with your email exists but could not be joined to your ${provider} sign-in. Ask an administrator.`;
    case 'access_denied':
      return `Sign-in was cancelled at ${provider}.`;
    case 'state_mismatch':
    case 'state_not_found':
    case 'state_invalid':
      return 'This sign-in has expired or was started in another browser. Please start again.';
    default:
      return `Sign-in with ${provider} did not complete. Please try again.`;
  }
}
