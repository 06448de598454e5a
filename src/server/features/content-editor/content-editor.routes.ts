import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentFileParams,
  contentFileView,
  contentOverview,
  previewQuery,
  publishInput,
  reviewParams,
  saveDraftInput,
  savedDraft,
  translationReviews,
  versionDetail,
  versionList,
  versionParams,
} from '#shared/api/content-editor.ts';
import { withoutLanguage } from '#shared/i18n/languages.ts';
import { publicPages } from '#shared/routes.ts';
import { contentChanges } from '#shared/rules/content-changes.ts';
import { AppError, invalidInput, notFound } from '../../errors.ts';
import { languageQuery } from '../../i18n/language-query.ts';
import { requestActor } from '../audit/request-actor.ts';
import { eCertDesignIn } from '../e-cert-pdf/e-cert-design.ts';
import { sampleECertPdf } from '../e-cert-pdf/sample-e-cert.ts';
import { CONTENT_ZIP_MAX_BYTES, contentZip, readContentZip } from './content-zip.ts';
import { draftContent, findFile, listDrafts } from './find-drafts.ts';
import { importDrafts } from './import-drafts.ts';
import { publishDrafts, restoreVersion } from './publish-content.ts';
import { filesOfVersion, findVersion, latestVersionNumber, listVersions } from './published-versions.ts';
import { discardDraft, saveDraft } from './save-draft.ts';
import { approveTranslation, listReviews } from './translation-reviews.ts';

/** The pages that show only content: a record page shows a record, and has none to preview. */
const previewable = new Set<string>(Object.values(publicPages).filter((path) => !path.includes(':')));

// Administrators and editors; the staff scope's hook answers 403 to everyone else.
const contentEditing = { role: 'content' } as const;

const summary = (row: {
  version: number;
  publishedAt: Date;
  publishedBy: string | null;
  restoredFrom: number | null;
}) => ({
  version: row.version,
  publishedAt: row.publishedAt.toISOString(),
  publishedBy: row.publishedBy,
  restoredFrom: row.restoredFrom,
});

/** The public pages and brand edited in the dashboard: drafts, preview, publish and history. */
const contentEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  // An archive of content files, as `export.zip` makes it; only these routes take one.
  app.addContentTypeParser(
    'application/zip',
    { parseAs: 'buffer', bodyLimit: CONTENT_ZIP_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  app.get(
    '/api/content-editor',
    { config: contentEditing, schema: { response: { 200: contentOverview } } },
    async () => ({ version: await latestVersionNumber(app.db), drafts: await listDrafts(app.db) }),
  );

  app.get(
    '/api/content-editor/files/:language/:name',
    { config: contentEditing, schema: { params: contentFileParams, response: { 200: contentFileView } } },
    async (request) => findFile(app, request.params),
  );

  app.put(
    '/api/content-editor/files/:language/:name',
    {
      config: contentEditing,
      schema: { params: contentFileParams, body: saveDraftInput, response: { 200: savedDraft } },
    },
    async (request) => saveDraft(app, request.params, request.body, requestActor(request)),
  );

  app.delete(
    '/api/content-editor/files/:language/:name',
    { config: contentEditing, schema: { params: contentFileParams } },
    async (request, reply) => {
      await discardDraft(app, request.params);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/content-editor/preview',
    { config: contentEditing, schema: { querystring: previewQuery } },
    async (request, reply) => {
      const page = withoutLanguage(request.query.path);
      if (!previewable.has(page)) {
        throw invalidInput('Path must be a page of the site, such as /courses', {
          path: 'Not a public page',
        });
      }
      const rendered = await app.renderPreview(request, request.query.path, await draftContent(app));
      if (!rendered)
        throw new AppError(503, 'The pages are not built, so they cannot be previewed.', 'UNAVAILABLE');
      return reply.code(rendered.status).type('text/html; charset=utf-8').send(rendered.html);
    },
  );

  app.get(
    '/api/content-editor/e-cert-preview.pdf',
    { config: contentEditing, schema: { querystring: languageQuery } },
    async (request, reply) => {
      const content = await draftContent(app);
      const pdf = await sampleECertPdf(
        { ...content.inLanguage(request.query.lang), design: eCertDesignIn(content, request.query.lang) },
        request.query.lang,
        { publicUrl: app.config.publicUrl, files: app.files },
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="e-cert-preview.pdf"')
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/api/content-editor/publish',
    { config: contentEditing, schema: { body: publishInput } },
    async (request) => publishDrafts(app, request.body.version, requestActor(request)),
  );

  app.get(
    '/api/content-editor/versions',
    { config: contentEditing, schema: { response: { 200: versionList } } },
    async () => ({
      current: await latestVersionNumber(app.db),
      items: (await listVersions(app.db)).map(summary),
    }),
  );

  app.get(
    '/api/content-editor/versions/:version',
    { config: contentEditing, schema: { params: versionParams, response: { 200: versionDetail } } },
    async (request) => {
      const row = await findVersion(app.db, request.params.version);
      if (!row) throw notFound('There is no such version of the pages.');
      const before = row.version === 0 ? row.files : await filesOfVersion(app, app.db, row.version - 1);
      return { ...summary(row), changes: contentChanges(before, row.files) };
    },
  );

  app.post(
    '/api/content-editor/versions/:version/restore',
    { config: contentEditing, schema: { params: versionParams, body: publishInput } },
    async (request) => {
      if (!(await findVersion(app.db, request.params.version)))
        throw notFound('There is no such version of the pages.');
      return restoreVersion(app, request.params.version, request.body.version, requestActor(request));
    },
  );

  app.get(
    '/api/content-editor/reviews',
    { config: contentEditing, schema: { response: { 200: translationReviews } } },
    async () => ({ items: await listReviews(app) }),
  );

  app.post(
    '/api/content-editor/reviews/:language/:name',
    { config: contentEditing, schema: { params: reviewParams } },
    async (request, reply) => {
      await approveTranslation(app, request.params, requestActor(request));
      return reply.code(204).send();
    },
  );

  app.get('/api/content-editor/export.zip', { config: contentEditing }, async (_request, reply) => {
    const files = await filesOfVersion(app, app.db, await latestVersionNumber(app.db));
    return reply
      .type('application/zip')
      .header('content-disposition', 'attachment; filename="content.zip"')
      .send(await contentZip(files));
  });

  app.post('/api/content-editor/import', { config: contentEditing }, async (request) => {
    if (!Buffer.isBuffer(request.body)) {
      throw new AppError(415, 'Send the archive as application/zip.', 'UNSUPPORTED_MEDIA_TYPE');
    }
    return importDrafts(app, await readContentZip(request.body), requestActor(request));
  });
};

export default contentEditorRoutes;
