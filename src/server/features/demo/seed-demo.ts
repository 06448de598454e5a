import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { person, type StoredFileRef } from '../../db/schema/index.ts';
import { type FileExtension, type FileStore, fileKeyFor } from '../../files/file-store.ts';
import {
  DEMO_BRAND,
  type DemoBrand,
  type RenderedImage,
  renderCertificate,
  renderCertificatePdf,
  renderPassport,
  renderSignature,
} from './demo-images.ts';
import { type DemoPerson, demoPeople } from './demo-people.ts';

type NewPerson = typeof person.$inferInsert;

/** Renders at most this many documents at once; sharp spreads each over its own threads. */
const CONCURRENCY = 4;

/**
 * Fills an empty registry with the fictional demo people and their documents. A registry that has
 * ever held a row (soft-deleted ones included) is left alone, so deleting the demo data sticks.
 * Files are written first (content-addressed, so a rerun rewrites the same keys), then every row
 * in one transaction; a transaction-scoped advisory lock stops two starting instances from both
 * seeding.
 */
export async function seedDemoData(
  db: Db,
  files: FileStore,
  options: { now?: Date; brand?: DemoBrand } = {},
): Promise<{ seeded: number }> {
  if (await hasAnyPerson(db)) return { seeded: 0 };

  const now = options.now ?? new Date();
  const brand = options.brand ?? DEMO_BRAND;
  const people = demoPeople(now);
  const documents = await renderDocuments(people, brand);

  const written = new Set<string>();
  const store = async (data: Buffer, extension: FileExtension) => {
    const key = fileKeyFor(data, extension);
    if (!written.has(key)) {
      written.add(key);
      await files.put(key, data);
    }
    return key;
  };
  const storeImage = async (rendered: RenderedImage | null): Promise<StoredFileRef | null> => {
    if (!rendered) return null;
    const [key, thumbnailKey] = await Promise.all([
      store(rendered.image, 'webp'),
      store(rendered.thumbnail, 'webp'),
    ]);
    return { key, thumbnailKey, contentType: 'image/webp', size: rendered.image.length };
  };

  const rows: NewPerson[] = [];
  for (const [index, demo] of people.entries()) {
    const document = documents[index] as Documents;
    const [signatureImage, passportImage, certificateImage] = await Promise.all([
      storeImage(document.signature),
      storeImage(document.passport),
      storeImage(document.certificate),
    ]);
    const pdf: StoredFileRef | null = document.pdf
      ? { key: await store(document.pdf, 'pdf'), contentType: 'application/pdf', size: document.pdf.length }
      : null;
    rows.push({
      name: demo.name,
      dob: demo.dob,
      gender: demo.gender,
      nationality: demo.nationality,
      passportNumber: demo.passportNumber,
      finNumber: demo.finNumber,
      eCertNumber: demo.eCertNumber,
      tradeTested: demo.tradeTested,
      testLevel: demo.testLevel,
      testResult: demo.testResult,
      passedDate: demo.passedDate,
      signatureImage,
      passportImage,
      certificateImage,
      pdf,
      revokedAt: demo.revokedAt,
      revocationReason: demo.revocationReason,
      createdAt: demo.createdAt,
      updatedAt: demo.revokedAt ?? demo.createdAt,
    });
  }

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ecert-portal:seed-demo'))`);
    if (await hasAnyPerson(tx)) return { seeded: 0 };
    await tx.insert(person).values(rows);
    return { seeded: rows.length };
  });
}

async function hasAnyPerson(db: Pick<Db, 'select'>): Promise<boolean> {
  const rows = await db.select({ id: person.id }).from(person).limit(1);
  return rows.length > 0;
}

interface Documents {
  signature: RenderedImage | null;
  passport: RenderedImage | null;
  certificate: RenderedImage | null;
  pdf: Buffer | null;
}

/**
 * Renders every document once: a holder's signature and passport are the same on all of their
 * records (same name, same FIN), so those renders are shared; certificates and PDFs are per record.
 */
async function renderDocuments(people: DemoPerson[], brand: DemoBrand): Promise<Documents[]> {
  const shared = new Map<string, Promise<RenderedImage>>();
  const once = (key: string, render: () => Promise<RenderedImage>) => {
    let promise = shared.get(key);
    if (!promise) {
      promise = render();
      shared.set(key, promise);
    }
    return promise;
  };

  return mapLimited(people, CONCURRENCY, async (demo): Promise<Documents> => {
    const withImages = demo.files !== 'no-images';
    const [signature, passport, certificate, pdf] = await Promise.all([
      withImages && demo.files !== 'no-signature'
        ? once(`signature:${demo.name}`, () => renderSignature(demo.name))
        : null,
      withImages ? once(`passport:${demo.finNumber}`, () => renderPassport(demo)) : null,
      withImages ? renderCertificate(demo, brand) : null,
      demo.files !== 'no-pdf' ? renderCertificatePdf(demo, brand) : null,
    ]);
    return { signature, passport, certificate, pdf };
  });
}

async function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
