import { and, eq, isNull } from 'drizzle-orm';
import { personFileFields, type RecordFieldsPatch } from '#shared/api/people.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-error.ts';
import { type Actor, diffChanges, recordAudit } from '../../db/record-audit.ts';
import { person } from '../../db/schema/index.ts';
import { conflict, invalidInput } from '../../errors.ts';
import type { FileStore } from '../../files/file-store.ts';
import { retireStatusPlace } from '../credentials/not-an-e-cert.ts';
import { storeFilesThen } from '../uploads/store-files.ts';
import { deleteUnreferencedFiles, ORPHAN_GRACE_MS } from '../uploads/sweep-orphan-files.ts';
import { assertPairFree, duplicatePairMessage } from './duplicate-pair.ts';
import { findPerson, personNotFound } from './find-people.ts';
import { auditedPersonFields, auditSnapshot, type PersonRow } from './person-view.ts';
import type { PersonForm } from './read-person-form.ts';

/**
 * Saves an edit: each text field and file that was sent; those left out keep their values. Files
 * first, then row and audit event in one transaction, as when adding.
 */
export async function updatePerson(
  deps: { db: Db; files: FileStore },
  id: string,
  { fields, files }: PersonForm<RecordFieldsPatch>,
  actor: Actor,
): Promise<PersonRow> {
  if (Object.keys(fields).length === 0 && Object.keys(files).length === 0) {
    throw invalidInput('Nothing to change: send at least one field or file.');
  }
  const current = await findPerson(deps.db, id);
  if (!current) throw personNotFound();
  // The pair as it will be: a change to one half is checked against the other half it keeps.
  const pair = {
    finNumber: fields.finNumber ?? current.finNumber,
    eCertNumber: fields.eCertNumber ?? current.eCertNumber,
  };
  await assertPairFree(deps.db, pair, id);
  let saved: { before: PersonRow; after: PersonRow };
  try {
    saved = await storeFilesThen(deps, Object.values(files), () =>
      deps.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(person)
          .where(and(eq(person.id, id), isNull(person.deletedAt)))
          .for('update');
        if (!before) throw personNotFound();
        const [after] = await tx
          .update(person)
          .set({
            ...fields,
            passportImage: files.passportImage?.ref ?? before.passportImage,
            certificateImage: files.certificateImage?.ref ?? before.certificateImage,
            signatureImage: files.signatureImage?.ref ?? before.signatureImage,
            pdf: files.pdf?.ref ?? before.pdf,
            updatedAt: new Date(),
            updatedBy: actor.id,
          })
          .where(eq(person.id, id))
          .returning();
        if (!after) throw personNotFound();
        // A credential issued while the result was a pass reads revoked once it is not.
        if (!after.resultPassed) await retireStatusPlace(tx, id);
        await recordAudit(tx, {
          actor,
          entityType: 'person',
          entityId: id,
          action: 'update',
          changes: diffChanges(auditSnapshot(before), auditSnapshot(after), auditedPersonFields),
        });
        return { before, after };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicatePairMessage);
    throw error;
  }

  // Replaced files no other row uses go now, unless young enough that an upload may be reusing
  // them; whatever stays is the sweep's.
  const replaced = personFileFields.flatMap((field) => {
    const old = saved.before[field];
    const kept = saved.after[field];
    if (!old || old.key === kept?.key) return [];
    return [old.key, ...(old.thumbnailKey ? [old.thumbnailKey] : [])];
  });
  await deleteUnreferencedFiles(deps.db, deps.files, replaced, { graceMs: ORPHAN_GRACE_MS }).catch(() => {});
  return saved.after;
}
