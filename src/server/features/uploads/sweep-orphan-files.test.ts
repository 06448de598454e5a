import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFileRef } from '../../db/schema/index.ts';
import { type FileExtension, fileKeyFor } from '../../files/file-store.ts';
import { insertPerson } from '../../test/people.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { storedKeys } from '../../test/upload-fixtures.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './sweep-orphan-files.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

async function putFile(extension: FileExtension): Promise<string> {
  const data = randomBytes(64);
  const key = fileKeyFor(data, extension);
  await harness.app.files.put(key, data);
  return key;
}

const image = async (): Promise<StoredFileRef> => ({
  key: await putFile('webp'),
  thumbnailKey: await putFile('webp'),
  contentType: 'image/webp',
  size: 64,
});

const later = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);

describe('sweepOrphanFiles', () => {
  it('removes files no record refers to and keeps every file a live or trashed record uses', async () => {
    const { db } = harness.database;
    const live = {
      signatureImage: await image(),
      passportImage: await image(),
      certificateImage: await image(),
    };
    const pdf: StoredFileRef = { key: await putFile('pdf'), contentType: 'application/pdf', size: 64 };
    await insertPerson(db, { ...live, pdf });
    const trashed = await image();
    await insertPerson(db, { passportImage: trashed, deletedAt: new Date() });
    const orphans = [await putFile('webp'), await putFile('pdf'), await putFile('png')];
    const referenced = [
      ...Object.values(live).flatMap((ref) => [ref.key, ref.thumbnailKey]),
      pdf.key,
      trashed.key,
      trashed.thumbnailKey,
    ];

    const removed = await sweepOrphanFiles(db, harness.app.files, { now: later() });

    expect(removed).toBe(orphans.length);
    const remaining = await storedKeys(harness.app.files);
    for (const key of orphans) expect(remaining).not.toContain(key);
    for (const key of referenced) expect(remaining).toContain(key);
  });

  it('spares an unreferenced file younger than the grace period (an upload in flight)', async () => {
    const inFlight = await putFile('webp');

    const removed = await sweepOrphanFiles(harness.database.db, harness.app.files);

    expect(removed).toBe(0);
    expect(await storedKeys(harness.app.files)).toContain(inFlight);
    // Once it is old enough and still unreferenced, it goes.
    expect(await sweepOrphanFiles(harness.database.db, harness.app.files, { now: later() })).toBe(1);
    expect(await storedKeys(harness.app.files)).not.toContain(inFlight);
  });
});
