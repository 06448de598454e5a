import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ContentFileName } from '#shared/api/content-files.ts';
import { contentFileSchema } from '#shared/api/content-files.ts';
import type { Language } from '#shared/i18n/languages.ts';
import type { Actor } from '../../db/record-audit.ts';
import { contentDraft } from '../../db/schema/index.ts';
import { conflict, invalidInput } from '../../errors.ts';
import { latestVersionNumber } from './published-versions.ts';

const staleEdit = () =>
  conflict(
    'Someone else changed this page since you opened it. Your changes were not saved: open the page again to see theirs, then make yours.',
  );

/** A file's draft: the page's own schema checks it, and `stamp` must be what the editor saw. */
export async function saveDraft(
  app: FastifyInstance,
  file: { language: Language; name: ContentFileName },
  input: { body: unknown; stamp: string },
  actor: Actor,
): Promise<{ stamp: string }> {
  const parsed = contentFileSchema(file.language, file.name).safeParse(input.body);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join('.') || '(root)', issue.message]),
    );
    const [first] = Object.entries(fields);
    throw invalidInput(`This page cannot be saved: ${first?.[0]} ${first?.[1]}`, fields);
  }
  const where = and(eq(contentDraft.language, file.language), eq(contentDraft.name, file.name));
  return app.db.transaction(async (tx) => {
    const [draft] = await tx
      .select({ stamp: contentDraft.stamp })
      .from(contentDraft)
      .where(where)
      .for('update');
    const current = draft ? draft.stamp : `v${await latestVersionNumber(tx)}`;
    if (current !== input.stamp) throw staleEdit();
    const values = {
      body: parsed.data,
      stamp: crypto.randomUUID(),
      updatedBy: actor.email,
      updatedAt: new Date(),
    };
    const saved = draft
      ? await tx
          .update(contentDraft)
          .set(values)
          .where(and(where, eq(contentDraft.stamp, draft.stamp)))
          .returning()
      : await tx
          .insert(contentDraft)
          .values({ ...file, ...values })
          .onConflictDoNothing()
          .returning();
    // Another editor's first draft of the same file, saved between our read and our write.
    if (saved.length === 0) throw staleEdit();
    return { stamp: values.stamp };
  });
}

export async function discardDraft(
  app: FastifyInstance,
  file: { language: Language; name: ContentFileName },
) {
  await app.db
    .delete(contentDraft)
    .where(and(eq(contentDraft.language, file.language), eq(contentDraft.name, file.name)));
}
