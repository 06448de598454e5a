import { timingSafeEqual } from 'node:crypto';
import { count } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupInput } from '#shared/api/auth.ts';
import type { Db } from '../../db/database.ts';
import { user } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { deriveSecret, resolveMasterSecret } from '../../secrets.ts';
import { createStaffUser } from '../users/create-staff-user.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one-time first-admin link, while no user exists; null afterwards. */
    setupLink(): Promise<string | null>;
  }
}

const hasUsers = async (db: Db) => ((await db.select({ n: count() }).from(user))[0]?.n ?? 0) > 0;

const sameToken = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * First-admin setup: while no user exists, a token printed on start lets one admin be made. It is
 * derived from the deployment's secret, so every instance prints and accepts the same link.
 */
const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  let token: string | null = deriveSecret(resolveMasterSecret(app.config), 'first-admin-setup');

  app.decorate('setupLink', async () =>
    token && !(await hasUsers(app.db)) ? `${app.config.publicUrl}/setup?token=${token}` : null,
  );

  app.get('/api/setup', async () => ({ needed: token !== null && !(await hasUsers(app.db)) }));

  app.post(
    '/api/setup',
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } }, schema: { body: setupInput } },
    async (request, reply) => {
      const current = token;
      if (!current || !sameToken(request.body.token, current) || (await hasUsers(app.db))) {
        throw new AppError(403, 'This setup link is no longer valid.', 'FORBIDDEN');
      }
      // Taken while the admin is created, so two requests racing with the link cannot both use it;
      // given back if the creation fails (a weak password), so the operator can try again.
      token = null;
      const { email, name, password } = request.body;
      try {
        const created = await createStaffUser(app, { email, name, password, role: 'admin' }, null);
        return reply.code(201).send({ id: created.id, email: created.email });
      } catch (error) {
        token = current;
        throw error;
      }
    },
  );
};

// fastify-plugin: `setupLink` must be visible to main.ts on the root instance.
export default fp(setupRoutes, { name: 'setup', dependencies: ['core'] });
