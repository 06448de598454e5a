import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInOptions } from '#shared/api/single-sign-on.ts';

/** What the login page offers: the password form, a button for the organisation's provider, or both. */
const signInOptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passwordSignIn, singleSignOn } = app.config;
  app.get('/api/sign-in-options', { schema: { response: { 200: signInOptions } } }, async () => ({
    passwordSignIn,
    singleSignOn: singleSignOn ? { name: singleSignOn.displayName } : null,
  }));
};

export default signInOptionsRoutes;
