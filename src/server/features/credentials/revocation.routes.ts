import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revocationState, revokeInput } from '#shared/api/credentials.ts';
import { requestActor } from '../audit/request-actor.ts';
import { reinstatePerson, revokePerson } from './revoke-person.ts';

const byId = z.object({ id: z.string().max(100) });

/** Staff revoke a record with a reason; an administrator reinstates it. Registered in the staff scope. */
const revocationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/people/:id/revoke',
    { schema: { params: byId, body: revokeInput, response: { 200: revocationState } } },
    async (request) => {
      const result = await revokePerson(
        app.db,
        request.params.id,
        request.body.reason,
        requestActor(request),
      );
      app.statusLists.clear();
      return result;
    },
  );

  app.post(
    '/api/people/:id/reinstate',
    { config: { role: 'admin' }, schema: { params: byId, response: { 200: revocationState } } },
    async (request) => {
      const result = await reinstatePerson(app.db, request.params.id, requestActor(request));
      app.statusLists.clear();
      return result;
    },
  );
};

export default revocationRoutes;
