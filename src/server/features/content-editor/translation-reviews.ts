import type { FastifyInstance } from 'fastify';
import type { TranslationReview } from '#shared/api/content-editor.ts';
import { type ContentFileName, contentFileNames } from '#shared/api/content-files.ts';
import { defaultLanguage, type Language, translatedLanguages } from '#shared/i18n/languages.ts';
import { fileChanges } from '#shared/rules/content-changes.ts';
import type { Actor } from '../../db/record-audit.ts';
import { contentReview } from '../../db/schema/index.ts';
import { invalidInput } from '../../errors.ts';
import { filesOfVersion, latestVersionNumber } from './published-versions.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every translated file's review state, judged against the newest published version. */
export async function listReviews(app: FastifyInstance): Promise<TranslationReview[]> {
  const files = await filesOfVersion(app, app.db, await latestVersionNumber(app.db));
  const approvals = new Map(
    (await app.db.select().from(contentReview)).map((row) => [`${row.language}/${row.name}`, row]),
  );
  return translatedLanguages.flatMap((language) =>
    contentFileNames
      .filter((name) => files[language]?.[name] !== undefined)
      .map((name) => {
        const approval = approvals.get(`${language}/${name}`);
        const english = files[defaultLanguage][name];
        const base = { language, name, approvedBy: null, approvedAt: null, changes: [] };
        if (!approval || !same(approval.translation, files[language]?.[name])) {
          return { ...base, state: 'prepared' as const };
        }
        const approved = {
          ...base,
          approvedBy: approval.approvedBy,
          approvedAt: approval.approvedAt.toISOString(),
        };
        if (same(approval.english, english)) return { ...approved, state: 'approved' as const };
        return { ...approved, state: 'outdated' as const, changes: fileChanges(approval.english, english) };
      }),
  );
}

/** Approves the published translation of a file as a faithful one of the published English. */
export async function approveTranslation(
  app: FastifyInstance,
  file: { language: Language; name: ContentFileName },
  actor: Actor,
) {
  const files = await filesOfVersion(app, app.db, await latestVersionNumber(app.db));
  const translation = files[file.language]?.[file.name];
  if (translation === undefined) {
    throw invalidInput('This page has no translation of its own yet: publish one before approving it.');
  }
  const values = {
    approvedBy: actor.email,
    approvedAt: new Date(),
    translation,
    english: files[defaultLanguage][file.name],
  };
  await app.db
    .insert(contentReview)
    .values({ ...file, ...values })
    .onConflictDoUpdate({ target: [contentReview.language, contentReview.name], set: values });
}
