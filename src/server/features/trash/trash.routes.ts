import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { trashPage, trashQuery } from '#shared/api/trash.ts';
import { requestActor } from '../audit/request-actor.ts';
import { findTrash } from './find-trash.ts';
import { restoreRenewal } from './restore-renewal.ts';
import { undoDelete } from './undo-delete.ts';

const byId = z.object({ id: z.string().max(100) });

/**
 * The trash, for administrators: what was deleted, by whom and when. People come back through
 * `POST /api/people/:id/restore`; renewals through the route here. Whoever deleted a record may
 * take it back shortly afterwards through `undo-delete`.
 */
const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/trash',
    {
      config: { role: 'admin', costlyAnswer: true },
      schema: { querystring: trashQuery, response: { 200: trashPage } },
    },
    async (request) => {
      const { items, total } = await findTrash(app.db, request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.post(
    '/api/renewals/:id/restore',
    { config: { role: 'admin' }, schema: { params: byId } },
    async (request, reply) => {
      await restoreRenewal(app.db, request.params.id, requestActor(request));
      return reply.code(204).send();
    },
  );

  for (const [kind, path] of [
    ['person', '/api/people/:id/undo-delete'],
    ['renewal', '/api/renewals/:id/undo-delete'],
  ] as const) {
    app.post(path, { schema: { params: byId } }, async (request, reply) => {
      await undoDelete(app.db, kind, request.params.id, requestActor(request));
      return reply.code(204).send();
    });
  }
};

export default trashRoutes;
