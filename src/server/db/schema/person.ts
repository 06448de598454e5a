import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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

/**
 * The identifiers staff type whole or by their start, lower-cased in the "C" collation so that one
 * btree serves `=`, `like 'abc%'` and their order. Not partial: the planner reads the statistics
 * of an expression index only when it covers the whole table.
 */
const identifierIndexes = (t: {
  finNumber: AnyPgColumn;
  passportNumber: AnyPgColumn;
  eCertNumber: AnyPgColumn;
}) =>
  (
    [
      ['person_fin_lower_idx', t.finNumber],
      ['person_passport_lower_idx', t.passportNumber],
      ['person_e_cert_lower_idx', t.eCertNumber],
    ] as const
  ).map(([name, column]) => index(name).on(sql`(lower(${column}) collate "C")`));

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
    /** The five searchable fields in lower case, kept by the database: what staff search tests. */
    searchText: text('search_text').generatedAlwaysAs(sql.raw(`lower${searchTextSql}`)),
  },
  (t) => [
    // Verification is one exact lookup on this index; the pair is unique among live records.
    uniqueIndex('person_fin_ecert_live_idx')
      .on(t.finNumber, t.eCertNumber)
      .where(sql`${t.deletedAt} is null`),
    index('person_fin_idx').on(t.finNumber),
    // Live people newest first. drizzle/0005 adds INCLUDE (search_text), which Drizzle cannot
    // declare, so that a search matching many people walks this index without visiting rows.
    index('person_live_newest_idx')
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.deletedAt} is null`),
    // Staff search: any substring of the search text, through its trigrams.
    index('person_live_search_text_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    // Whole identifiers and their prefixes, in any case.
    ...identifierIndexes(t),
    // The dashboard's numbers: validity and passed month are ranges of passed dates, counted on
    // this index alone instead of testing every row (2 s at a million records).
    index('person_live_passed_idx').on(t.passedDate).where(sql`${t.deletedAt} is null`),
    // Revoked people, few among many: each status list finds its revoked places from here
    // (features/credentials/build-status-list.ts).
    index('person_revoked_idx').on(t.id).where(sql`${t.revokedAt} is not null`),
    // "Missing images": imported people may come without them; staff find and complete those.
    index('person_live_missing_images_idx')
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(
        sql`${t.deletedAt} is null and (${t.passportImage} is null or ${t.certificateImage} is null or ${t.signatureImage} is null)`,
      ),
    // The trash, newest trashed first; a search of it tests each person there.
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
