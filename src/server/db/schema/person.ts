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
    /**
     * The five searchable fields in lower case, kept by the database. A column rather than an
     * expression so that an index can carry it (INCLUDE takes columns only): see
     * person_live_newest_idx.
     */
    searchText: text('search_text').generatedAlwaysAs(sql.raw(`lower${searchTextSql}`)),
  },
  (t) => [
    // Verification is one exact lookup on this index; the pair is unique among live records.
    uniqueIndex('person_fin_ecert_live_idx')
      .on(t.finNumber, t.eCertNumber)
      .where(sql`${t.deletedAt} is null`),
    index('person_fin_idx').on(t.finNumber),
    // Live people newest first. The migration (drizzle/0005) adds INCLUDE (search_text), which
    // Drizzle cannot declare: a search that matches many people walks this index alone, testing
    // each entry without visiting its row (0.34 µs instead of ~10 µs a row at a million records).
    index('person_live_newest_idx')
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.deletedAt} is null`),
    // The dashboard's numbers: validity and passed month are ranges of passed dates, counted on
    // this index alone instead of testing every row (2 s at a million records).
    index('person_live_passed_idx').on(t.passedDate).where(sql`${t.deletedAt} is null`),
    // The trash, newest trashed first; a search of it tests each person there (live people are
    // searched in person_live_search).
    index('person_trashed_idx').on(t.deletedAt.desc()).where(sql`${t.deletedAt} is not null`),
  ],
);

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
