import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database-error.ts';
import { type Actor, diffChanges, recordAudit } from '../../db/record-audit.ts';
import { person } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import type { FileStore } from '../../files/file-store.ts';
import { storeFilesThen } from '../uploads/store-files.ts';
import { assertPairFree, duplicatePairMessage } from './duplicate-pair.ts';
import { auditedPersonFields, auditSnapshot, type PersonRow } from './person-view.ts';
import type { PersonForm } from './read-person-form.ts';

/**
 * Adds a person, all or nothing: files are written first, then the row and its audit event in one
 * transaction; if that fails, the files this request created go again.
 */
export async function createPerson(
  deps: { db: Db; files: FileStore },
  { fields, files }: PersonForm,
  actor: Actor,
): Promise<PersonRow> {
  await assertPairFree(deps.db, fields);
  try {
    return await storeFilesThen(deps, Object.values(files), () =>
      deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(person)
          .values({
            ...fields,
            passportImage: files.passportImage?.ref ?? null,
            certificateImage: files.certificateImage?.ref ?? null,
            signatureImage: files.signatureImage?.ref ?? null,
            pdf: files.pdf?.ref ?? null,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await recordAudit(tx, {
          actor,
          entityType: 'person',
          entityId: row.id,
          action: 'create',
          changes: diffChanges({}, auditSnapshot(row), auditedPersonFields),
        });
        return row;
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicatePairMessage);
    throw error;
  }
}
