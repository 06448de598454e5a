import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passwordResetCheck,
  passwordResetCheckInput,
  passwordResetInput,
} from '#shared/api/password-reset.ts';
import { findResetLink, linkNotValid, resetPassword } from './reset-password.ts';

// As for the first-admin setup: a token of 256 bits is not guessed, but nobody should try at speed.
const limited = { rateLimit: { max: 10, timeWindow: 60_000 } };

/**
 * The public side of an administrator's reset link: whether it still works, and setting the new
 * password with it. The token travels in the body, never in a URL the server logs.
 */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/password-reset/check',
    { config: limited, schema: { body: passwordResetCheckInput, response: { 200: passwordResetCheck } } },
    async (request) => {
      const found = await findResetLink(app.db, request.body.token);
      if (!found) throw linkNotValid();
      return found;
    },
  );

  app.post(
    '/api/password-reset',
    { config: limited, schema: { body: passwordResetInput } },
    async (request, reply) => {
      await resetPassword(app.db, request.body.token, request.body.password);
      return reply.code(204).send();
    },
  );
};

export default passwordResetRoutes;
