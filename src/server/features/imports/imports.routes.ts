import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commitImportBody,
  type ImportKind,
  importKinds,
  importsPath,
  importView,
} from '#shared/api/imports.ts';
import { importJob } from '../../db/schema/index.ts';
import { requestActor } from '../audit/request-actor.ts';
import multipartUploads from '../uploads/multipart-uploads.ts';
import { checkImport } from './check-import.ts';
import { commitImport } from './commit-import.ts';
import { errorsCsv, templateCsv } from './import-files.ts';
import { claimForCommit, findImport, toImportView } from './import-jobs.ts';
import { receiveImportUpload } from './receive-upload.ts';

const byId = z.object({ id: z.string().max(100) });
const accepted = z.object({ id: z.uuid() });

const csvHeaders = (fileName: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

/**
 * Bulk import for staff, people at `/api/imports` and renewals at `/api/renewals/imports`: a
 * template, an upload checked in the background, its state, its bad rows, and the commit.
 */
const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipartUploads);
  // Checks and commits outlive their request; closing the server waits for them.
  const running = new Set<Promise<void>>();
  const inBackground = (work: Promise<void>) => {
    running.add(work);
    work.finally(() => running.delete(work));
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });

  for (const kind of importKinds satisfies readonly ImportKind[]) {
    const base = importsPath(kind);

    app.get(`${base}/template.csv`, async (_request, reply) =>
      reply.headers(csvHeaders(`${kind}-import-template.csv`)).send(templateCsv(kind)),
    );

    app.post(
      base,
      { schema: { consumes: ['multipart/form-data'], response: { 202: accepted } } },
      async (request, reply) => {
        const upload = await receiveImportUpload(request, kind);
        const [job] = await app.db
          .insert(importJob)
          .values({ kind, fileName: upload.fileName, createdBy: request.user?.id ?? null })
          .returning({ id: importJob.id });
        if (!job) throw new Error('insert returned no row');
        const deps = { db: app.db, files: app.files, maxRows: app.config.importMaxRows, log: request.log };
        inBackground(checkImport(deps, { id: job.id, kind }, upload));
        return reply.code(202).send({ id: job.id });
      },
    );

    app.get(`${base}/:id`, { schema: { params: byId, response: { 200: importView } } }, async (request) =>
      toImportView(await findImport(app.db, kind, request.params.id)),
    );

    app.get(`${base}/:id/errors.csv`, { schema: { params: byId } }, async (request, reply) => {
      const job = await findImport(app.db, kind, request.params.id);
      return reply.headers(csvHeaders(`${kind}-import-errors.csv`)).send(errorsCsv(app.db, job));
    });

    app.post(
      `${base}/:id/commit`,
      { schema: { params: byId, body: commitImportBody, response: { 202: accepted } } },
      async (request, reply) => {
        const job = await claimForCommit(app.db, kind, request.params.id);
        const deps = {
          db: app.db,
          canReportDuringTransaction: app.database.kind === 'postgres',
          log: request.log,
        };
        inBackground(commitImport(deps, job, request.body.duplicates, requestActor(request)));
        return reply.code(202).send({ id: job.id });
      },
    );
  }
};

export default importsRoutes;
