import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCourseAvailable } from '#shared/rules/course-validity.ts';
import { isPassed } from '#shared/rules/test-result.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { person, type StoredFileRef } from '../../db/schema/index.ts';
import { createLocalFileStore, type FileStore } from '../../files/file-store.ts';
import { pgliteImage } from '../../test/test-app.ts';
import { DEMO_PAIRS } from './demo-people.ts';
import { seedDemoData } from './seed-demo.ts';

type PersonRow = typeof person.$inferSelect;

// Always embedded PGlite, even when DATABASE_URL is set: seeding is plain Drizzle, and the
// Postgres variant of the schema is covered by the feature tests that use createTestApp.
describe('seedDemoData', () => {
  let database: Database;
  let files: FileStore;
  let root: string;
  let seeded: number;
  let rows: PersonRow[];

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://', pgliteImage: pgliteImage() });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ecert-demo-'));
    files = createLocalFileStore(root);
    ({ seeded } = await seedDemoData(database.db, files));
    rows = await database.db.select().from(person);
  });
  afterAll(async () => {
    await database?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  async function read(key: string): Promise<Buffer> {
    const file = await files.open(key);
    if (!file) throw new Error(`missing file ${key}`);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  const images = (row: PersonRow) => [row.signatureImage, row.passportImage, row.certificateImage];

  it('inserts about forty people on an empty registry', () => {
    expect(seeded).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(35);
    expect(rows.length).toBeLessThanOrEqual(45);
  });

  it('seeds nothing when the registry already has a row', async () => {
    expect(await seedDemoData(database.db, files)).toEqual({ seeded: 0 });
    expect(await database.db.$count(person)).toBe(rows.length);
  });

  it('seeds nothing when the only row is soft-deleted', async () => {
    const other = await openDatabase({ pgliteDir: 'memory://', pgliteImage: pgliteImage() });
    try {
      const [first] = rows;
      if (!first) throw new Error('no rows');
      const { id: _id, ...copy } = first;
      await other.db.insert(person).values({ ...copy, deletedAt: new Date() });
      expect(await seedDemoData(other.db, files)).toEqual({ seeded: 0 });
      expect(await other.db.$count(person)).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('uses clearly fictional identifiers, each FIN + serial pair once', () => {
    for (const row of rows) {
      expect(row.finNumber).toMatch(/^D\d{7}[A-Z]$/);
      expect(row.passportNumber).toMatch(/^DP\d{7}$/);
      expect(row.eCertNumber).toMatch(/^DSI-\d{6}$/);
    }
    expect(new Set(rows.map((row) => row.eCertNumber)).size).toBe(rows.length);
  });

  it('gives some FIN several records with the same holder details', () => {
    const byFin = new Map<string, PersonRow[]>();
    for (const row of rows) byFin.set(row.finNumber, [...(byFin.get(row.finNumber) ?? []), row]);
    const counts = [...byFin.values()].map((records) => records.length).sort((a, b) => b - a);
    expect(counts[0]).toBeGreaterThanOrEqual(3);
    expect(counts.filter((count) => count >= 2).length).toBeGreaterThanOrEqual(3);
    for (const records of byFin.values()) {
      expect(new Set(records.map((row) => `${row.name}|${row.dob}|${row.passportNumber}`)).size).toBe(1);
    }
  });

  it('has exactly one record without a PDF, one without a signature and one without any image', () => {
    const noPdf = rows.filter((row) => row.pdf === null);
    const noImages = rows.filter((row) => images(row).every((image) => image === null));
    const onlyNoSignature = rows.filter(
      (row) => row.signatureImage === null && row.passportImage !== null && row.certificateImage !== null,
    );
    expect(noPdf).toHaveLength(1);
    expect(noImages).toHaveLength(1);
    expect(onlyNoSignature).toHaveLength(1);
    // No other partial sets of images: a record has all three, or only lacks the signature, or none.
    const partial = rows.filter((row) => {
      const present = images(row).filter(Boolean).length;
      return present !== 0 && present !== 3;
    });
    expect(partial).toEqual(onlyNoSignature);
  });

  it('has exactly one revoked record, with a reason and a time after its creation', () => {
    const revoked = rows.filter((row) => row.revokedAt !== null);
    expect(revoked).toHaveLength(1);
    const [record] = revoked as [PersonRow];
    expect(record.revocationReason).toBe('Issued in error');
    expect(record.revokedAt?.getTime()).toBeGreaterThan(record.createdAt.getTime());
    expect(record.revokedAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(rows.filter((row) => row.revocationReason !== null)).toHaveLength(1);
  });

  it('mixes results: mostly passed, some failed and pending, one lowercase "passed"', () => {
    const results = rows.map((row) => row.testResult);
    expect(results.filter((result) => result === 'Passed').length).toBeGreaterThan(rows.length / 2);
    expect(results.filter((result) => result === 'Failed').length).toBeGreaterThanOrEqual(2);
    expect(results.filter((result) => result === 'Pending').length).toBeGreaterThanOrEqual(1);
    expect(results.filter((result) => result === 'passed')).toHaveLength(1);
  });

  it('keeps most certificates current and some expired under a 2-year validity', () => {
    const now = new Date();
    const current = rows.filter((row) => isCourseAvailable(row.passedDate, 2, now));
    expect(current.length).toBeGreaterThan(rows.length / 2);
    expect(rows.length - current.length).toBeGreaterThanOrEqual(3);
    const oldest = rows.map((row) => row.passedDate).sort()[0] as string;
    expect(Date.parse(oldest)).toBeGreaterThan(now.getTime() - 7 * 366 * 86_400_000);
  });

  it('spreads creation times over past months, never before the passed date or in the future', () => {
    const times = rows.map((row) => row.createdAt.getTime());
    expect(new Set(times).size).toBe(rows.length);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(90 * 86_400_000);
    for (const row of rows) {
      expect(row.createdAt.toISOString().slice(0, 10) >= row.passedDate).toBe(true);
    }
  });

  it('stores every referenced image as metadata-free WebP with a 320px-wide thumbnail', async () => {
    const refs = rows.flatMap(images).filter((ref): ref is StoredFileRef => ref !== null);
    expect(refs.length).toBeGreaterThan(100);
    const checked = new Set<string>();
    for (const ref of refs) {
      if (checked.has(ref.key)) continue;
      checked.add(ref.key);
      expect(ref.contentType).toBe('image/webp');
      expect(ref.key).toMatch(/\.webp$/);
      const image = await read(ref.key);
      expect(image.length).toBe(ref.size);
      const metadata = await sharp(image).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      if (!ref.thumbnailKey) throw new Error(`no thumbnail for ${ref.key}`);
      const thumbnail = await sharp(await read(ref.thumbnailKey)).metadata();
      expect(thumbnail.format).toBe('webp');
      expect(thumbnail.width).toBe(320);
      expect(thumbnail.exif).toBeUndefined();
    }
  });

  it('stores every referenced PDF as an A4 landscape document', async () => {
    const refs = rows.map((row) => row.pdf).filter((ref): ref is StoredFileRef => ref !== null);
    expect(refs).toHaveLength(rows.length - 1);
    for (const [index, ref] of refs.entries()) {
      expect(ref.contentType).toBe('application/pdf');
      const data = await read(ref.key);
      expect(data.length).toBe(ref.size);
      expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (index >= 5) continue;
      const document = await PDFDocument.load(data);
      const { width, height } = document.getPage(0).getSize();
      expect(Math.round(width)).toBe(842);
      expect(Math.round(height)).toBe(595);
    }
  });

  it('has both demo pairs as current, passed, unrevoked records, the first with several records', () => {
    for (const pair of DEMO_PAIRS) {
      const matches = rows.filter(
        (row) => row.finNumber === pair.finNumber && row.eCertNumber === pair.eCertNumber,
      );
      expect(matches).toHaveLength(1);
      const [record] = matches as [PersonRow];
      expect(isPassed(record.testResult)).toBe(true);
      expect(isCourseAvailable(record.passedDate, 2)).toBe(true);
      expect(record.revokedAt).toBeNull();
      expect(record.pdf).not.toBeNull();
      expect(images(record).every(Boolean)).toBe(true);
    }
    const first = DEMO_PAIRS[0].finNumber;
    expect(rows.filter((row) => row.finNumber === first).length).toBeGreaterThanOrEqual(3);
  });
});
