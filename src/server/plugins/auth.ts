import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorCodes } from '#shared/api/errors.ts';
import { type Auth, createAuth, type Role } from '../auth/create-auth.ts';
import { createSessionReader, type SessionUser } from '../auth/read-session.ts';
import { AppError } from '../errors.ts';
import { resolveMasterSecret } from '../secrets.ts';

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
    /** Staff routes that need more than the staff role. */
    role?: Role;
  }
}

const SIGN_IN_PATH = '/api/auth/sign-in/email';

export default fp(
  async (app) => {
    const auth = createAuth(app.db, app.config, resolveMasterSecret(app.config));
    app.decorate('auth', auth);
    app.decorateRequest('user', null);
    const readSession = createSessionReader(app.db, auth);
    app.decorate('currentUser', (request: FastifyRequest) =>
      readSession(request.headers.cookie, () => fromNodeHeaders(request.headers)),
    );

    const perIp = app.rateLimit({ max: 10, timeWindow: 60_000 });
    const perAccount = app.rateLimit({
      max: 5,
      timeWindow: 15 * 60_000,
      keyGenerator: (request) =>
        `account:${String((request.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      preHandler: async (request, reply) => {
        if (request.method === 'POST' && request.url.split('?')[0] === SIGN_IN_PATH) {
          await perIp.call(app, request, reply);
          await perAccount.call(app, request, reply);
        }
      },
      handler: (request, reply) => forwardToAuth(auth, request, reply),
    });
  },
  { name: 'auth', dependencies: ['core', 'rate-limit'] },
);

/** Hands a Fastify request to Better Auth's fetch handler and copies its answer back. */
async function forwardToAuth(auth: Auth, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
  const body = request.body === undefined || request.method === 'GET' ? undefined : reserialize(request.body);
  const response = await auth.handler(
    new Request(url, { method: request.method, headers: fromNodeHeaders(request.headers), body }),
  );
  const text = await response.text();
  if (response.status >= 400) throw authError(response.status, text);
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') continue;
    reply.header(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  return reply.send(text || null);
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
