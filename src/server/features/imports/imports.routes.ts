import type { FastifyRequest } from 'fastify';
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
import { notFound, signInRequired } from '../../errors.ts';
import { requestActor } from '../audit/request-actor.ts';
import multipartUploads from '../uploads/multipart-uploads.ts';
import { checkImport } from './check-import.ts';
import { commitImport } from './commit-import.ts';
import { errorsCsv, sampleCsv, templateCsv } from './import-files.ts';
import { claimForCommit, findImport, keepsRows, toImportView } from './import-jobs.ts';
import { importUploadsDir, receiveImportUpload } from './receive-upload.ts';
import { IMPORT_KEPT_HOURS, sweepImports } from './sweep-imports.ts';

const byId = z.object({ id: z.string().max(100) });
const SWEEP_EVERY_MS = 3_600_000;
const rowsGone = `This import no longer keeps its rows: they go once it is committed, or ${IMPORT_KEPT_HOURS} hours after the upload.`;

/** Who asks; the staff scope's hook has set `request.user`. */
const staffUser = (request: FastifyRequest) => {
  if (!request.user) throw signInRequired();
  return request.user;
};
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
  const embedded = app.database.kind === 'pglite';
  const uploadsDir = importUploadsDir(app.config.dataDir);
  const sweep = () =>
    sweepImports({ db: app.db, files: app.files, embedded, uploadsDir }).catch((error: unknown) =>
      app.log.error({ err: error }, 'import sweep failed'),
    );
  // Checks and commits outlive their request; closing the server waits for them.
  const running = new Set<Promise<void>>();
  const inBackground = (work: Promise<void>) => {
    running.add(work);
    work.finally(() => running.delete(work));
  };
  // Imports past their time are let go at start and every hour after.
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    inBackground(sweep());
    sweeper = setInterval(() => inBackground(sweep()), SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await Promise.allSettled(running);
  });

  for (const kind of importKinds satisfies readonly ImportKind[]) {
    const base = importsPath(kind);

    app.get(`${base}/template.csv`, async (_request, reply) =>
      reply.headers(csvHeaders(`${kind}-import-template.csv`)).send(templateCsv(kind)),
    );

    app.get(`${base}/sample.csv`, async (_request, reply) =>
      reply
        .headers(csvHeaders(`${kind}-import-sample.csv`))
        .send(sampleCsv(kind, app.config.importDateOrder)),
    );

    app.post(
      base,
      { schema: { consumes: ['multipart/form-data'], response: { 202: accepted } } },
      async (request, reply) => {
        const upload = await receiveImportUpload(request, kind, {
          uploadsDir,
          csvMaxBytes: app.config.importCsvMaxBytes,
        });
        const [job] = await app.db
          .insert(importJob)
          .values({ kind, fileName: upload.fileName, createdBy: request.user?.id ?? null })
          .returning({ id: importJob.id });
        if (!job) throw new Error('insert returned no row');
        const deps = {
          db: app.db,
          embedded,
          files: app.files,
          maxRows: app.config.importMaxRows,
          dateOrder: app.config.importDateOrder,
          log: request.log,
        };
        inBackground(checkImport(deps, { id: job.id, kind }, upload));
        return reply.code(202).send({ id: job.id });
      },
    );

    app.get(`${base}/:id`, { schema: { params: byId, response: { 200: importView } } }, async (request) =>
      toImportView(await findImport(app.db, kind, request.params.id), staffUser(request)),
    );

    app.get(`${base}/:id/errors.csv`, { schema: { params: byId } }, async (request, reply) => {
      const job = await findImport(app.db, kind, request.params.id);
      if (!keepsRows(job)) throw notFound(rowsGone);
      return reply.headers(csvHeaders(`${kind}-import-errors.csv`)).send(errorsCsv(app.db, job));
    });

    app.post(
      `${base}/:id/commit`,
      { schema: { params: byId, body: commitImportBody, response: { 202: accepted } } },
      async (request, reply) => {
        const job = await claimForCommit(app.db, kind, request.params.id, staffUser(request));
        const holding = (held: boolean) => {
          app.database.heldBy = held ? 'saving an import' : undefined;
        };
        const deps = { db: app.db, embedded, holding, log: request.log };
        inBackground(commitImport(deps, job, request.body.duplicates, requestActor(request)));
        return reply.code(202).send({ id: job.id });
      },
    );
  }
};

export default importsRoutes;
