import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ContentFileView } from '#shared/api/content-editor.ts';
import type { ContentFileName, ContentFiles } from '#shared/api/content-files.ts';
import { defaultLanguage, type Language } from '#shared/i18n/languages.ts';
import type { Db } from '../../db/database.ts';
import { contentDraft } from '../../db/schema/index.ts';
import { contentFromFiles } from '../content/load-content.ts';
import { filesOfVersion, latestVersionNumber } from './published-versions.ts';

export async function listDrafts(db: Db) {
  const rows = await db
    .select()
    .from(contentDraft)
    .orderBy(asc(contentDraft.name), asc(contentDraft.language));
  return rows.map((row) => ({
    language: row.language as Language,
    name: row.name as ContentFileName,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** One file as an editor opens it: the newest published version, its draft, and the English beside it. */
export async function findFile(
  app: FastifyInstance,
  file: { language: Language; name: ContentFileName },
): Promise<ContentFileView> {
  const version = await latestVersionNumber(app.db);
  const files = await filesOfVersion(app, app.db, version);
  const [draft] = await app.db
    .select()
    .from(contentDraft)
    .where(and(eq(contentDraft.language, file.language), eq(contentDraft.name, file.name)));
  return {
    ...file,
    version,
    published: files[file.language]?.[file.name] ?? null,
    english: files[defaultLanguage][file.name],
    draft: draft
      ? { body: draft.body, updatedBy: draft.updatedBy, updatedAt: draft.updatedAt.toISOString() }
      : null,
    stamp: draft ? draft.stamp : `v${version}`,
  };
}

/** The newest published content with every draft over it: what publishing now would serve. */
export async function draftContent(app: FastifyInstance) {
  const files: ContentFiles = structuredClone(
    await filesOfVersion(app, app.db, await latestVersionNumber(app.db)),
  );
  for (const draft of await app.db.select().from(contentDraft)) {
    files[draft.language as Language][draft.name as ContentFileName] = draft.body;
  }
  return contentFromFiles(
    files,
    ({ language, name, field, message }) => new Error(`draft ${language}/${name} ${field}: ${message}`),
  );
}
