import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import type { FileStore } from '../../files/file-store.ts';
import { insertPerson } from '../../test/people.ts';
import { countRows, createTestApp, type TestApp } from '../../test/test-app.ts';
import { pdfDocument, personFields, pngImage, storedKeys } from '../../test/upload-fixtures.ts';
import { prepareImage, preparePdf } from '../uploads/prepare-upload.ts';
import { createPerson } from './create-person.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

const actor = { id: 'user-1', email: 'staff@example.com' };

describe('createPerson when another request takes the pair first', () => {
  it('answers 409 and removes the files it wrote, except one a saved record shares', async () => {
    const { db } = harness.database;
    const fields = personFields();
    const shared = await prepareImage(await pngImage(), 'Passport image');
    const files = {
      passportImage: shared,
      certificateImage: await prepareImage(await pngImage(), 'Certificate image'),
      signatureImage: await prepareImage(await pngImage(), 'Signature image'),
      pdf: await preparePdf(await pdfDocument(), 'PDF'),
    };
    // The rival commits between this request's duplicate check and its insert, and already uses
    // the same passport image (content-addressed, so the same key).
    let raced = false;
    const store: FileStore = {
      ...harness.app.files,
      put: async (key, data) => {
        await harness.app.files.put(key, data);
        if (!raced) {
          raced = true;
          await insertPerson(db, {
            finNumber: fields.finNumber,
            eCertNumber: fields.eCertNumber,
            passportImage: shared.ref,
          });
        }
      },
    };
    const keysBefore = await storedKeys(harness.app.files);
    const rowsBefore = await countRows(harness.database, 'person');

    const attempt = createPerson({ db, files: store }, { fields, files }, actor);

    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect(await countRows(harness.database, 'person')).toBe(rowsBefore + 1); // the rival's row only
    const sharedKeys = [shared.ref.key, shared.ref.thumbnailKey];
    expect(await storedKeys(harness.app.files)).toEqual([...keysBefore, ...sharedKeys].sort());
  });
});
