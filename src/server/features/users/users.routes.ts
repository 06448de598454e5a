import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserInput,
  passwordResetLinkView,
  updateUserInput,
  usersResponse,
  userView,
} from '#shared/api/users.ts';
import { user } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { requestActor } from '../audit/request-actor.ts';
import { createResetLink } from '../password-reset/create-reset-link.ts';
import { createStaffUser } from './create-staff-user.ts';
import { deleteStaffUser } from './delete-staff-user.ts';
import { updateStaffUser } from './update-staff-user.ts';
import { isStaffUser, toUserView } from './user-view.ts';

const params = z.object({ id: z.string() });
const noUser = () => notFound('This user does not exist.');
// The staff scope's hook answers 403 to anyone but an administrator.
const adminOnly = { role: 'admin' } as const;

/** Staff accounts, managed by administrators. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/users', { config: adminOnly, schema: { response: { 200: usersResponse } } }, async () => {
    const rows = await app.db
      .select()
      .from(user)
      .where(isStaffUser)
      .orderBy(asc(user.createdAt), asc(user.email));
    return { items: rows.map(toUserView) };
  });

  app.post(
    '/api/users',
    { config: adminOnly, schema: { body: createUserInput, response: { 201: userView } } },
    async (request, reply) => {
      const created = await createStaffUser(app, request.body, requestActor(request));
      const [row] = await app.db.select().from(user).where(eq(user.id, created.id));
      if (!row) throw noUser();
      return reply.code(201).send(toUserView(row));
    },
  );

  app.patch(
    '/api/users/:id',
    { config: adminOnly, schema: { params, body: updateUserInput, response: { 200: userView } } },
    async (request) => {
      const row = await updateStaffUser(app.db, request.params.id, request.body, requestActor(request));
      if (!row) throw noUser();
      return toUserView(row);
    },
  );

  app.post(
    '/api/users/:id/password-reset-link',
    { config: adminOnly, schema: { params, response: { 201: passwordResetLinkView } } },
    async (request, reply) => {
      const { publicUrl } = app.config;
      const link = await createResetLink(app.db, publicUrl, request.params.id, requestActor(request));
      if (!link) throw noUser();
      return reply.code(201).send(link);
    },
  );

  app.delete('/api/users/:id', { config: adminOnly, schema: { params } }, async (request, reply) => {
    if (!(await deleteStaffUser(app.db, request.params.id, requestActor(request)))) throw noUser();
    return reply.code(204).send();
  });
};

export default usersRoutes;
