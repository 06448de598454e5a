import { queryOptions } from '@tanstack/react-query';
import { apiFetch, postJson } from '#client/lib/api-client.ts';
import type { OwnSignIn, SignInOptions, StartedSingleSignOn } from '#shared/api/single-sign-on.ts';

/** Whether the login page shows the password form, the provider's button, or both. */
export const signInOptionsQuery = () =>
  queryOptions({
    queryKey: ['sign-in-options'],
    queryFn: () => apiFetch<SignInOptions>('/api/sign-in-options'),
    staleTime: 5 * 60_000,
  });

/** Whether the signed-in user (by id, so another user's answer is never reused) has a password. */
export const ownSignInQuery = (userId: string) =>
  queryOptions({
    queryKey: ['own-sign-in', userId],
    queryFn: () => apiFetch<OwnSignIn>('/api/sign-in-options/mine'),
  });

/** Starts a sign-in through the organisation's provider; the answer is its page to open. */
export const startSingleSignOn = (callbackURL: string) =>
  postJson<StartedSingleSignOn>('/api/auth/sign-in/social', { callbackURL });
