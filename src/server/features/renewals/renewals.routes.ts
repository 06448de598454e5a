import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchPageQuery } from '#shared/api/paging.ts';
import { recordFields, recordFieldsPatch, renewalsPage, renewalView } from '#shared/api/people.ts';
import { isRecordId } from '#shared/rules/record-id.ts';
import { notFound } from '../../errors.ts';
import { requestActor } from '../audit/request-actor.ts';
import { createRenewal } from './create-renewal.ts';
import { deleteRenewal } from './delete-renewal.ts';
import { findRenewal, findRenewals } from './find-renewals.ts';
import { toRenewalView } from './renewal-view.ts';
import { updateRenewal } from './update-renewal.ts';

// A malformed id is answered exactly like an unknown one, and never reaches the database.
const params = z.object({ id: z.string() });
const noRenewal = () => notFound('This renewal record does not exist.');

/** Renewal records (JSON, no files) for staff; every write is audited in its transaction. */
const renewalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const validityYears = app.config.certValidityYears;
  const load = async (id: string) => {
    const row = isRecordId(id) ? await findRenewal(app.db, id.toLowerCase()) : null;
    if (!row) throw noRenewal();
    return toRenewalView(row, validityYears);
  };

  app.get(
    '/api/renewals',
    {
      config: { costlyAnswer: true },
      schema: { querystring: searchPageQuery, response: { 200: renewalsPage } },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { rows, total } = await findRenewals(app.db, request.query);
      return { items: rows.map((row) => toRenewalView(row, validityYears)), total, page, pageSize };
    },
  );

  app.post(
    '/api/renewals',
    { schema: { body: recordFields, response: { 201: renewalView } } },
    async (request, reply) => {
      const id = await createRenewal(app.db, request.body, requestActor(request));
      return reply.code(201).send(await load(id));
    },
  );

  app.get('/api/renewals/:id', { schema: { params, response: { 200: renewalView } } }, async (request) =>
    load(request.params.id),
  );

  app.patch(
    '/api/renewals/:id',
    { schema: { params, body: recordFieldsPatch, response: { 200: renewalView } } },
    async (request) => {
      const { id } = request.params;
      const found =
        isRecordId(id) &&
        (await updateRenewal(app.db, id.toLowerCase(), request.body, requestActor(request)));
      if (!found) throw noRenewal();
      return load(id);
    },
  );

  app.delete('/api/renewals/:id', { schema: { params } }, async (request, reply) => {
    const { id } = request.params;
    const found = isRecordId(id) && (await deleteRenewal(app.db, id.toLowerCase(), requestActor(request)));
    if (!found) throw noRenewal();
    return reply.code(204).send();
  });
};

export default renewalsRoutes;
