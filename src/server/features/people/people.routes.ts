import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery } from '#shared/api/paging.ts';
import { peoplePage, peopleQuery, personView, recordFields, recordFieldsPatch } from '#shared/api/people.ts';
import { requestActor } from '../audit/request-actor.ts';
import multipartUploads from '../uploads/multipart-uploads.ts';
import bulkPeopleRoutes from './bulk-people.routes.ts';
import { createPerson } from './create-person.ts';
import { deletePerson, restorePerson } from './delete-person.ts';
import { findImageSets, findPeople, findPerson, personNotFound } from './find-people.ts';
import { pageLinks } from './list-cursor.ts';
import { imagesPage, type PersonRow, toImageSet, toPersonView } from './person-view.ts';
import { readPersonForm } from './read-person-form.ts';
import { moveRecentPassesOnTimer } from './recent-passes.ts';
import { splitSearchRangesOnTimer } from './search-ranges.ts';
import { updatePerson } from './update-person.ts';

const byId = z.object({ id: z.string().max(100) });
const multipartForm = ['multipart/form-data'];

/** People records for staff: list and search, add, edit, trash and restore, and "All Images". */
const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipartUploads);
  await app.register(bulkPeopleRoutes);
  moveRecentPassesOnTimer(app);
  splitSearchRangesOnTimer(app);
  const view = (row: PersonRow) => toPersonView(row, app.config.certValidityYears);

  app.get(
    '/api/people',
    { config: { costlyAnswer: true }, schema: { querystring: peopleQuery, response: { 200: peoplePage } } },
    async (request) => {
      const { rows, total, totalCapped, more, paging } = await findPeople(app.db, request.query, {
        validityYears: app.config.certValidityYears,
      });
      const links = await pageLinks(app.db, request.query, paging, rows, more);
      const { page, pageSize } = request.query;
      return { items: rows.map(view), total, totalCapped, page, pageSize, ...links };
    },
  );

  app.get('/api/people/:id', { schema: { params: byId, response: { 200: personView } } }, async (request) => {
    const row = await findPerson(app.db, request.params.id);
    if (!row) throw personNotFound();
    return view(row);
  });

  app.post(
    '/api/people',
    { schema: { consumes: multipartForm, response: { 201: personView } } },
    async (request, reply) => {
      const actor = requestActor(request);
      const form = await readPersonForm(request, { fields: recordFields, filesRequired: true });
      const row = await createPerson(app, form, actor);
      return reply.code(201).send(view(row));
    },
  );

  app.patch(
    '/api/people/:id',
    { schema: { consumes: multipartForm, params: byId, response: { 200: personView } } },
    async (request) => {
      const actor = requestActor(request);
      // Answer an unknown id before reading and re-encoding its uploads.
      if (!(await findPerson(app.db, request.params.id))) throw personNotFound();
      const form = await readPersonForm(request, { fields: recordFieldsPatch, filesRequired: false });
      const saved = await updatePerson(app, request.params.id, form, actor);
      // A result no longer a pass retired its status place: the lists say so at once, as on revoking.
      if (!saved.resultPassed) app.statusLists.clear();
      return view(saved);
    },
  );

  app.delete('/api/people/:id', { schema: { params: byId } }, async (request, reply) => {
    await deletePerson(app.db, request.params.id, requestActor(request));
    return reply.code(204).send();
  });

  app.post(
    '/api/people/:id/restore',
    { config: { role: 'admin' }, schema: { params: byId, response: { 200: personView } } },
    async (request) => view(await restorePerson(app.db, request.params.id, requestActor(request))),
  );

  app.get(
    '/api/images',
    { schema: { querystring: pageQuery, response: { 200: imagesPage } } },
    async (request) => {
      const { rows, total } = await findImageSets(app.db, request.query);
      return {
        items: rows.map(toImageSet),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );
};

export default peopleRoutes;
