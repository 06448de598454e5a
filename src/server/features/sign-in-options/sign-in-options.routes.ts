import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownSignIn, signInOptions } from '#shared/api/single-sign-on.ts';
import { hasPassword } from '../../auth/has-password.ts';
import { signInRequired } from '../../errors.ts';

/** What the login page offers: the password form, a button for the organisation's provider, or both. */
const signInOptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passwordSignIn, singleSignOn } = app.config;
  app.get('/api/sign-in-options', { schema: { response: { 200: signInOptions } } }, async () => ({
    passwordSignIn,
    singleSignOn: singleSignOn ? { name: singleSignOn.displayName } : null,
  }));

  // Outside the staff API on purpose, like the Account page it serves: an administrator who must
  // set up two-factor sign-in first reads it too.
  app.get('/api/sign-in-options/mine', { schema: { response: { 200: ownSignIn } } }, async (request) => {
    const user = await app.currentUser(request);
    if (!user) throw signInRequired();
    return { password: await hasPassword(app.db, user.id) };
  });
};

export default signInOptionsRoutes;
