import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ContentFiles } from '#shared/api/content-files.ts';
import { contentChanges } from '#shared/rules/content-changes.ts';
import { isUniqueViolation } from '../../db/database-error.ts';
import { type Actor, recordAudit, type Tx } from '../../db/record-audit.ts';
import { contentDraft, contentVersion } from '../../db/schema/index.ts';
import { conflict, invalidInput } from '../../errors.ts';
import { contentFromFiles } from '../content/load-content.ts';
import { filesOfVersion, latestVersionNumber } from './published-versions.ts';

const publishedMeanwhile = () =>
  conflict(
    'Someone else published the pages since you opened them. Reload to see the newest version, then try again.',
  );

/**
 * Writes `files` as the next version, audited in the same transaction, and serves it here at
 * once (other instances follow within seconds). `expected` is the version the editor saw: a newer
 * one means someone else published meanwhile, and nothing is written. Version 0, the `content/`
 * files, is kept with the first publish so it can be restored like any other.
 */
async function writeVersion(
  app: FastifyInstance,
  tx: Tx,
  expected: number,
  next: { files: ContentFiles; actor: Actor; restoredFrom?: number },
) {
  const latest = await latestVersionNumber(tx);
  if (latest !== expected) throw publishedMeanwhile();
  const before = await filesOfVersion(app, tx, latest);
  const resolved = contentFromFiles(next.files, ({ language, name, field, message }) =>
    invalidInput(`The ${language} ${name} page cannot be published: ${field} ${message}`, {
      [`${language}/${name}/${field}`]: message,
    }),
  );
  const version = latest + 1;
  if (latest === 0)
    await tx.insert(contentVersion).values({ version: 0, files: before }).onConflictDoNothing();
  await tx.insert(contentVersion).values({
    version,
    files: next.files,
    publishedBy: next.actor.email,
    restoredFrom: next.restoredFrom ?? null,
  });
  const changes = Object.fromEntries(
    contentChanges(before, next.files).map((c) => [
      `${c.language}/${c.name}/${c.field}`,
      [c.before, c.after],
    ]),
  ) as Record<string, [unknown, unknown]>;
  await recordAudit(tx, {
    actor: next.actor,
    entityType: 'content',
    entityId: String(version),
    action: next.restoredFrom === undefined ? 'publish' : 'restore',
    changes,
  });
  return { version, resolved };
}

async function inTransaction(
  app: FastifyInstance,
  work: (
    tx: Tx,
  ) => Promise<{ version: number; files: ContentFiles; resolved: ReturnType<typeof contentFromFiles> }>,
) {
  try {
    const done = await app.db.transaction(work);
    app.content.replace(done.version, done.files, done.resolved);
    return { version: done.version };
  } catch (error) {
    // Two publishes of the same version: the second finds the first's row.
    if (isUniqueViolation(error)) throw publishedMeanwhile();
    throw error;
  }
}

/** Publishes every draft at once over the newest version, and removes the drafts it took. */
export function publishDrafts(app: FastifyInstance, expected: number, actor: Actor) {
  return inTransaction(app, async (tx) => {
    const drafts = await tx.select().from(contentDraft).for('update');
    if (drafts.length === 0) throw invalidInput('There are no drafts to publish.');
    const files = structuredClone(await filesOfVersion(app, tx, await latestVersionNumber(tx)));
    for (const draft of drafts)
      files[draft.language as keyof ContentFiles][draft.name as 'site'] = draft.body;
    const written = await writeVersion(app, tx, expected, { files, actor });
    for (const draft of drafts) {
      await tx
        .delete(contentDraft)
        .where(
          and(
            eq(contentDraft.language, draft.language),
            eq(contentDraft.name, draft.name),
            inArray(contentDraft.stamp, [draft.stamp]),
          ),
        );
    }
    return { ...written, files };
  });
}

/** Publishes an earlier version's content again, as a new version; drafts are kept. */
export function restoreVersion(app: FastifyInstance, version: number, expected: number, actor: Actor) {
  return inTransaction(app, async (tx) => {
    const files = await filesOfVersion(app, tx, version);
    const written = await writeVersion(app, tx, expected, { files, actor, restoredFrom: version });
    return { ...written, files };
  });
}
