import { normalizeIP } from '@fastify/rate-limit';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ChangePasswordInput, changePasswordInput } from '#shared/api/auth.ts';
import { errorCodes } from '#shared/api/errors.ts';
import { type StartSingleSignOnInput, startSingleSignOnInput } from '#shared/api/single-sign-on.ts';
import { isSameSitePath } from '#shared/rules/same-site-path.ts';
import { type Auth, CLIENT_ADDRESS_HEADER, createAuth } from '../auth/create-auth.ts';
import { createSessionReader, type SessionUser } from '../auth/read-session.ts';
import { requireStrongPassword } from '../auth/require-strong-password.ts';
import { SSO_PROVIDER_ID } from '../auth/sso-policy.ts';
import { duringSsoCallback } from '../auth/sso-sign-in.ts';
import { auditTwoFactorStep } from '../auth/two-factor-audit.ts';
import { recordAudit } from '../db/record-audit.ts';
import { AppError } from '../errors.ts';
import { resolveMasterSecret } from '../secrets.ts';
import { limitBy } from './rate-limit.ts';

type StaffUser = SessionUser;

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** The signed-in user of a request, or null. */
    currentUser(request: FastifyRequest): Promise<StaffUser | null>;
  }
  interface FastifyRequest {
    user: StaffUser | null;
  }
  interface FastifyContextConfig {
    /**
     * Staff routes that need more than the staff role: `admin` administrators only, `content` the
     * content editing that administrators and editors share. An editor reaches nothing else.
     */
    role?: 'admin' | 'content';
  }
}

/** Sign-in, sign-out and session bodies are a few hundred bytes; a big one is only ever an attack. */
const AUTH_BODY_LIMIT = 16 * 1024;
const MINUTE = 60_000;
/**
 * Password and two-factor code guesses per client address, one budget for both, and password
 * guesses per account from any number of addresses. Single sign-on's start and callback each
 * have a budget of the same size of their own.
 */
const GUESSES_PER_ADDRESS = { max: 10, timeWindow: MINUTE };
const GUESSES_PER_ACCOUNT = { max: 5, timeWindow: 15 * MINUTE };
/** Session reads and sign-outs per client address: far above what a person's pages make. */
const SESSION_CALLS_PER_ADDRESS = { max: 600, timeWindow: MINUTE };

/**
 * Only the Better Auth endpoints the portal uses are routes; every other path under /api/auth
 * answers 404, so Better Auth's own admin endpoints cannot go around the portal's user rules and
 * audit trail. Limits hang on these routes, so they hold however the path is spelt.
 */
export default fp(
  async (app) => {
    const auth = createAuth(app.db, app.config, resolveMasterSecret(app.config));
    app.decorate('auth', auth);
    app.decorateRequest('user', null);
    const readSession = createSessionReader(app.db, auth);
    app.decorate('currentUser', (request: FastifyRequest) =>
      readSession(request.headers.cookie, () => authHeaders(request)),
    );
    const forward = async (request: FastifyRequest, reply: FastifyReply) =>
      relay(reply, await askAuth(auth, request));
    const guessesPerAddress = app.rateLimit({
      ...GUESSES_PER_ADDRESS,
      // Its own keys: in a shared Redis, no other limit counts the same client's requests here.
      keyGenerator: (request) => `sign-in-guess:${normalizeIP(request.ip)}`,
    });
    const perAccount = limitBy(app, {
      ...GUESSES_PER_ACCOUNT,
      keyGenerator: (request) =>
        `account:${String((request.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
    });

    const { singleSignOn, passwordSignIn } = app.config;
    app.post('/api/auth/sign-in/email', {
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: guessesPerAddress,
      preHandler: perAccount,
      handler: (request, reply) => {
        if (!passwordSignIn) {
          const other = singleSignOn ? ` Sign in with ${singleSignOn.displayName}.` : '';
          throw new AppError(403, `Sign-in with a password is turned off.${other}`, 'FORBIDDEN');
        }
        return forward(request, reply);
      },
    });

    // Single sign-on: the browser starts here (so the state cookie is set on the browser, not on a
    // server that called Better Auth for it), goes to the provider, and comes back to the callback
    // with a GET. Each is a code or state guess, limited like a password.
    const notSetUp = () => new AppError(404, 'Single sign-on is not set up on this portal.', 'NOT_FOUND');
    const unreachable = (name: string) =>
      new AppError(503, `${name} cannot be reached just now. Please try again in a few minutes.`);
    app.post<{ Body: StartSingleSignOnInput }>('/api/auth/sign-in/social', {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { rateLimit: GUESSES_PER_ADDRESS },
      schema: { body: startSingleSignOnInput },
      handler: async (request, reply) => {
        if (!singleSignOn) throw notSetUp();
        const start = { provider: SSO_PROVIDER_ID, callbackURL: request.body.callbackURL ?? '/dashboard' };
        const answer = await askAuth(auth, request, { ...start, disableRedirect: true }).catch((error) => {
          // Better Auth skips a provider whose discovery failed (and tries again on the next start).
          if (error instanceof AppError && error.statusCode === 404)
            throw unreachable(singleSignOn.displayName);
          throw error;
        });
        return relay(reply, answer);
      },
    });

    app.get(`/api/auth/callback/${SSO_PROVIDER_ID}`, {
      config: { rateLimit: GUESSES_PER_ADDRESS },
      handler: async (request, reply) => {
        if (!singleSignOn) throw notSetUp();
        return relay(reply, await duringSsoCallback(() => askAuth(auth, request)));
      },
    });

    app.post('/api/auth/sign-out', {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { rateLimit: SESSION_CALLS_PER_ADDRESS },
      handler: (request, reply) => forward(request, reply),
    });

    app.get('/api/auth/get-session', {
      config: { rateLimit: SESSION_CALLS_PER_ADDRESS },
      handler: (request, reply) => forward(request, reply),
    });

    // Turning two-factor sign-in on and off (with the password), and the second step of a sign-in
    // (or of turning it on): each a code or password guess, from the password's own budget. What
    // a signed-in user's step changes is audited; a sign-in's second step has no session yet.
    for (const step of ['enable', 'disable', 'verify-totp', 'verify-backup-code']) {
      app.post(`/api/auth/two-factor/${step}`, {
        bodyLimit: AUTH_BODY_LIMIT,
        onRequest: guessesPerAddress,
        handler: async (request, reply) => {
          const actor = await app.currentUser(request);
          if (!actor) return forward(request, reply);
          return relay(reply, await auditTwoFactorStep(app.db, actor, () => askAuth(auth, request)));
        },
      });
    }

    // The portal's password rule applies, every other session of the user ends, and it is audited.
    app.post<{ Body: ChangePasswordInput }>('/api/auth/change-password', {
      bodyLimit: AUTH_BODY_LIMIT,
      // A signed-in user's own guesses at their password: a budget of its own, so that setting a
      // new one never locks the address out of signing in.
      config: { rateLimit: GUESSES_PER_ADDRESS },
      schema: { body: changePasswordInput },
      handler: async (request, reply) => {
        const actor = await app.currentUser(request);
        if (!actor) throw new AppError(401, 'Please sign in.', 'UNAUTHENTICATED');
        requireStrongPassword(request.body.newPassword, 'newPassword', [actor.email, actor.name]);
        const answer = await askAuth(auth, request, { ...request.body, revokeOtherSessions: true });
        await recordAudit(app.db, {
          actor,
          entityType: 'user',
          entityId: actor.id,
          action: 'update',
          changes: { password: ['(hidden)', '(changed)'] },
        });
        return relay(reply, answer);
      },
    });
  },
  { name: 'auth', dependencies: ['core', 'rate-limit'] },
);

/**
 * Better Auth's answer to a request, asked at the path of the route that matched (never the raw
 * URL, whose spelling the router forgives). A refusal is thrown in the API's error shape.
 */
async function askAuth(auth: Auth, request: FastifyRequest, body: unknown = request.body) {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const url = new URL(`${request.routeOptions.url}${query}`, `http://${request.headers.host ?? 'localhost'}`);
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers: authHeaders(request),
      body: body === undefined || request.method === 'GET' ? undefined : reserialize(body),
    }),
  );
  const text = await response.text();
  if (response.status >= 400) throw authError(response.status, text);
  return { response, text };
}

/** The request's headers for Better Auth, with the client address Fastify worked out in place of any a client sent. */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  return headers;
}

/**
 * Copies Better Auth's answer, cookies included, to the reply. A redirect stays on the site, as
 * every redirect of the portal does: a return address stored by a sign-in started elsewhere, or
 * before the rule, leads to the login page instead.
 */
function relay(reply: FastifyReply, { response, text }: { response: Response; text: string }) {
  reply.code(response.status);
  const { publicUrl } = reply.server.config;
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') continue;
    reply.header(name, name === 'location' ? onThisSite(value, publicUrl) : value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  return reply.send(text || null);
}

/** `location` when it is a path of this site, alone or after PUBLIC_URL; else the login page. */
function onThisSite(location: string, publicUrl: string): string {
  const path = location.startsWith(`${publicUrl}/`) ? location.slice(publicUrl.length) : location;
  return isSameSitePath(path) ? location : `${publicUrl}/login`;
}

/**
 * The parsed body as JSON again. JSON.stringify recurses, so a body nested thousands deep (which
 * JSON.parse accepts) overflows the stack: that is the client's malformed request, not our failure.
 */
function reserialize(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch {
    throw new AppError(400, 'The request body is nested too deeply.', 'INVALID_INPUT');
  }
}

/** Better Auth's refusal in our error shape: its words for a client error, none of a server error's. */
function authError(status: number, text: string): AppError {
  if (status >= 500) return new AppError(500, 'Something went wrong on our side. Please try again later.');
  // Statuses outside the API's set (Better Auth answers 422 to some bodies) are plain 400s.
  const known = status in errorCodes ? status : 400;
  return new AppError(known, readMessage(text) ?? 'The request could not be completed.');
}

function readMessage(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}
