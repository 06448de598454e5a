import type { FastifyInstance } from 'fastify';
import { type ContentFileName, contentFileSchema } from '#shared/api/content-files.ts';
import type { Language } from '#shared/i18n/languages.ts';
import type { Actor } from '../../db/record-audit.ts';
import { contentDraft } from '../../db/schema/index.ts';
import { invalidInput } from '../../errors.ts';
import { filesOfVersion, latestVersionNumber } from './published-versions.ts';

/**
 * Files from an exported archive become drafts, each checked by its page's schema first: one
 * broken file refuses the whole archive, naming it, and nothing is saved. A file the same as
 * the published one makes no draft; a draft of the same file is replaced.
 */
export async function importDrafts(
  app: FastifyInstance,
  found: { language: Language; name: ContentFileName; body: unknown }[],
  actor: Actor,
) {
  const parsed = found.map((file) => {
    const result = contentFileSchema(file.language, file.name).safeParse(file.body);
    if (result.success) return { ...file, body: result.data };
    const issue = result.error.issues[0];
    const where = `${file.language}/${file.name}.json: ${issue?.path.join('.') || '(root)'}`;
    throw invalidInput(`This archive cannot be imported: ${where} ${issue?.message}`, { file: where });
  });
  const published = await filesOfVersion(app, app.db, await latestVersionNumber(app.db));
  const changed = parsed.filter(
    (file) => JSON.stringify(published[file.language]?.[file.name]) !== JSON.stringify(file.body),
  );
  await app.db.transaction(async (tx) => {
    for (const file of changed) {
      const values = {
        body: file.body,
        stamp: crypto.randomUUID(),
        updatedBy: actor.email,
        updatedAt: new Date(),
      };
      await tx
        .insert(contentDraft)
        .values({ language: file.language, name: file.name, ...values })
        .onConflictDoUpdate({ target: [contentDraft.language, contentDraft.name], set: values });
    }
  });
  return { files: parsed.length, drafts: changed.length };
}
