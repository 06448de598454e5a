import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { recordColumns, searchTextSql, trackingColumns } from './record-columns.ts';

/** A stored file as a record refers to it; the bytes live in the FileStore under `key`. */
export interface StoredFileRef {
  key: string;
  thumbnailKey?: string;
  contentType: string;
  size: number;
}

export const person = pgTable(
  'person',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...recordColumns(),
    signatureImage: jsonb('signature_image').$type<StoredFileRef>(),
    passportImage: jsonb('passport_image').$type<StoredFileRef>(),
    certificateImage: jsonb('certificate_image').$type<StoredFileRef>(),
    pdf: jsonb('pdf').$type<StoredFileRef>(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revocationReason: text('revocation_reason'),
    ...trackingColumns(),
  },
  (t) => [
    // Verification is one exact lookup on this index; the pair is unique among live records.
    uniqueIndex('person_fin_ecert_live_idx')
      .on(t.finNumber, t.eCertNumber)
      .where(sql`${t.deletedAt} is null`),
    index('person_fin_idx').on(t.finNumber),
    index('person_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // Staff search: case-insensitive substring over the five searchable fields.
    index('person_search_trgm_idx').using('gin', sql`${personSearchText} gin_trgm_ops`),
  ],
);

/** The expression the trigram index covers; search queries must use exactly this. */
export const personSearchText = sql.raw(searchTextSql);

/**
 * How many live people there are, in one row kept by statement triggers (see the migration
 * drizzle/0004_person_live_count.sql) as rows are inserted, trashed, restored and deleted. The
 * staff list shows this total on every page, and counting a million rows took 90–300 ms.
 */
export const personLiveCount = pgTable(
  'person_live_count',
  {
    id: boolean('id').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [check('person_live_count_one_row', sql`${t.id}`)],
);
