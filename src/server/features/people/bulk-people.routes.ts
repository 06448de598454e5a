import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkResult,
  bulkRevocation,
  bulkRevocationMatching,
  bulkSelection,
  peopleCourses,
} from '#shared/api/people.ts';
import { requestActor } from '../audit/request-actor.ts';
import { revokePeople, trashPeople } from './bulk-people.ts';
import { findCourses } from './find-courses.ts';
import { revokeMatching } from './revoke-matching.ts';

/** The Peoples table's extras: the Course filter's choices, and actions on chosen records. */
const bulkPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/people/courses', { schema: { response: { 200: peopleCourses } } }, async () => ({
    courses: await findCourses(app.db),
  }));

  app.post(
    '/api/people/bulk/delete',
    { schema: { body: bulkSelection, response: { 200: bulkResult } } },
    async (request) => ({ count: await trashPeople(app.db, request.body.ids, requestActor(request)) }),
  );

  app.post(
    '/api/people/bulk/revoke',
    { schema: { body: bulkRevocation, response: { 200: bulkResult } } },
    async (request) => {
      const { ids, reason } = request.body;
      const count = await revokePeople(app.db, ids, reason, requestActor(request));
      app.statusLists.clear();
      return { count };
    },
  );

  app.post(
    '/api/people/bulk/revoke-matching',
    { schema: { body: bulkRevocationMatching, response: { 200: bulkResult } } },
    async (request) => {
      const { matching, count: confirmed, reason } = request.body;
      const context = { validityYears: app.config.certValidityYears };
      const count = await revokeMatching(
        app.db,
        { matching, confirmed, reason },
        context,
        requestActor(request),
      );
      app.statusLists.clear();
      return { count };
    },
  );
};

export default bulkPeopleRoutes;
