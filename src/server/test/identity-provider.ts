import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import type { App } from '../app.ts';
import { anotherClientAddress } from './client-address.ts';

const SSO_CLIENT_ID = 'ecert-portal';

/** The claims of the person the provider signs in next. */
export interface ProviderUser {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server): discovery, keys, PKCE, and an
 * /authorize that signs in `user` at once. `env` points the portal at it.
 */
export async function startIdentityProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const state = { user: null as ProviderUser | null };
  server.service.on('beforeTokenSigning', (token) => {
    if (state.user) Object.assign(token.payload, state.user);
  });
  const issuer = server.issuer.url as string;
  return {
    server,
    issuer,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: SSO_CLIENT_ID,
      OIDC_CLIENT_SECRET: 'a client secret for tests',
      OIDC_DISPLAY_NAME: 'Contoso',
      OIDC_ALLOWED_DOMAINS: 'contoso.com, contoso.co.uk',
      OIDC_ADMIN_VALUE: 'ecert-admins',
      OIDC_EDITOR_VALUE: 'ecert-editors',
    },
    /** Who the provider signs in from now on. */
    signsIn(user: ProviderUser) {
      state.user = { email_verified: true, name: user.email.split('@')[0], ...user };
    },
    /**
     * The next ID token comes from `other` instead: its issuer and key, with the claims this one
     * would sign (the nonce is the one the portal sent to /authorize).
     */
    async nextIdTokenFrom(other: OAuth2Server, authorizeUrl: URL) {
      const claims = {
        ...state.user,
        aud: SSO_CLIENT_ID,
        nonce: authorizeUrl.searchParams.get('nonce') ?? undefined,
      };
      const foreign = await other.issuer.buildToken({
        scopesOrTransform: (_header, payload) => Object.assign(payload, claims),
      });
      // The provider emits this event without waiting, so the token is signed beforehand.
      server.service.once('beforeResponse', (response) => {
        (response.body as Record<string, unknown>).id_token = foreign;
      });
    },
    stop: () => server.stop(),
  };
}

export type IdentityProvider = Awaited<ReturnType<typeof startIdentityProvider>>;

const cookiePairs = (response: LightMyRequestResponse) =>
  [response.headers['set-cookie'] ?? []].flat().map((header) => header.split(';')[0] ?? '');

interface RoundTrip {
  /** Runs with the provider's authorize URL before the browser opens it. */
  atStart?: (authorizeUrl: URL) => Promise<void>;
  /** May change the callback URL, or answer other cookies to send with it. */
  tamper?: (callback: URL, cookies: string[]) => string[] | undefined;
}

/**
 * The whole browser round trip: start at the portal, follow the provider's redirect, come back to
 * the callback with the cookies the start set. Answers the callback's response and the session
 * cookie it set, if any.
 */
export async function signInThroughProvider(app: App, { atStart, tamper }: RoundTrip = {}) {
  const remoteAddress = anotherClientAddress();
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    remoteAddress,
    headers: { origin: app.config.publicUrl },
    payload: { callbackURL: '/dashboard' },
  });
  if (start.statusCode !== 200) throw new Error(`start failed: ${start.statusCode} ${start.body}`);
  const authorizeUrl = new URL(start.json().url);
  await atStart?.(authorizeUrl);
  const atProvider = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location') ?? '');
  const startCookies = cookiePairs(start).filter((pair) => !pair.endsWith('='));
  const cookies = tamper?.(callback, startCookies) ?? startCookies;
  const answer = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    remoteAddress,
    // The browser arrives from the provider's site, as a top-level navigation.
    headers: {
      'sec-fetch-site': 'cross-site',
      ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}),
    },
  });
  const session = cookiePairs(answer).find((pair) => /session_token=./.test(pair));
  return { start, atProvider, answer, location: answer.headers.location ?? '', session };
}
