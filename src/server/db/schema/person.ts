import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { testResults } from '../../../shared/rules/test-result.ts';
import { recordColumns, searchTextSql, trackingColumns } from './record-columns.ts';

/** A stored result outside the fixed set: one a migration could not read, kept for staff to correct. */
export const resultToReviewSql = sql.raw(
  `test_result not in (${testResults.map((r) => `'${r}'`).join(', ')})`,
);

/** The fields whose files a record's public page shows, with their thumbnails. */
export const publicFileFields = ['signature_image', 'certificate_image', 'pdf'] as const;

/** The keys of a live record's public files, as one array: `/files` looks a key up in it. */
export const publicFileKeys = `array[${publicFileFields.map((f) => `(${f} ->> 'key'), (${f} ->> 'thumbnailKey')`).join(', ')}]`;

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
    /** The result reads "Passed" in any case (rules/test-result.ts): a column, so list indexes carry it. */
    resultPassed: boolean('result_passed').generatedAlwaysAs(sql.raw(`lower(btrim(test_result)) = 'passed'`)),
    /** Lacks a passport, certificate or signature image: a column, so list indexes can carry it. */
    lacksImage: boolean('lacks_image').generatedAlwaysAs(
      sql.raw('passport_image is null or certificate_image is null or signature_image is null'),
    ),
  },
  (t) => [
    // Verification is one exact lookup on this index; the pair is unique among live records.
    uniqueIndex('person_fin_ecert_live_idx')
      .on(t.finNumber, t.eCertNumber)
      .where(sql`${t.deletedAt} is null`),
    index('person_fin_idx').on(t.finNumber),
    // Live people newest first, and by each column the Peoples table sorts by. Each carries the
    // list's filter columns (trade, result, passed date, revoked, lacks image) by an INCLUDE that
    // drizzle/0015 writes by hand (Drizzle cannot declare it), so a filtered page is read from the
    // index alone; the newest-first one also carries search_text (drizzle/0005) for searches, and
    // the Course and passed-date ones the created date (drizzle/0022), to sort a filter's matches.
    index('person_live_newest_idx')
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.deletedAt} is null`),
    index('person_live_name_idx').on(t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('person_live_serial_idx').on(t.eCertNumber, t.id).where(sql`${t.deletedAt} is null`),
    // The Course filter's choices (a skip scan), its count, and the ids of its few matches; with
    // the Status filter "valid" or "expired", a range of passed dates within the course.
    index('person_live_course_idx').on(t.tradeTested, t.passedDate, t.id).where(sql`${t.deletedAt} is null`),
    // Staff search: any substring of the search text, through its trigrams.
    index('person_live_search_text_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    // Whole identifiers and their prefixes, in any case.
    ...identifierIndexes(t),
    // The table's sort by passed date, with the filter columns included as above; validity is a
    // range of passed dates, so the Status filter's valid and expired people are ranges here.
    index('person_live_passed_idx').on(t.passedDate, t.id).where(sql`${t.deletedAt} is null`),
    // Valid people by name and by serial: the valid are a range of passed dates that moves daily,
    // which no predicate can follow; these hold the passes since a fixed day (on or before the
    // first valid one), so a valid list walks only those. The day written here is the first
    // migration's; features/people/recent-passes.ts moves it forward by rebuilding them.
    index('person_live_recent_passes_name_idx')
      .on(t.name, t.id)
      .where(
        sql`${t.deletedAt} is null and ${t.revokedAt} is null and ${t.resultPassed} and ${t.passedDate} >= '2024-11-01'::date`,
      ),
    index('person_live_recent_passes_serial_idx')
      .on(t.eCertNumber, t.id)
      .where(
        sql`${t.deletedAt} is null and ${t.revokedAt} is null and ${t.resultPassed} and ${t.passedDate} >= '2024-11-01'::date`,
      ),
    // Live revoked people newest first: the Status filter "Revoked" pages and counts them here
    // alone (5,000 of a million counted in 2 ms; 38 ms through the heap). It carries the other
    // filters' columns, as does the next (INCLUDE in drizzle/0019, by hand).
    index('person_live_revoked_idx')
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.deletedAt} is null and ${t.revokedAt} is not null`),
    // Live people not added from the day before their passed date to 31 days after (INCLUDE
    // passed date in drizzle/0026): their least and greatest created dates bound the Status
    // filter's created order.
    index('person_live_added_apart_idx')
      .on(t.createdAt)
      .where(
        sql`${t.deletedAt} is null and not (${t.createdAt} >= ((${t.passedDate} - 1)::timestamp at time zone 'UTC') and ${t.createdAt} < ((${t.passedDate} + 31)::timestamp at time zone 'UTC'))`,
      ),
    // Revoked people, few among many: each status list finds its revoked places from here
    // (features/credentials/build-status-list.ts).
    index('person_revoked_idx').on(t.id).where(sql`${t.revokedAt} is not null`),
    // "Missing images": imported people may come without them; staff find and complete those.
    index('person_live_missing_images_idx')
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.deletedAt} is null and ${t.lacksImage}`),
    // The Result filter "Other": failed or absent people newest first (INCLUDE in drizzle/0025).
    index('person_live_result_other_idx')
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.deletedAt} is null and not ${t.resultPassed}`),
    // The Result filter "To review": the few results none of the fixed set, newest first.
    index('person_live_result_review_idx')
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast())
      .where(sql`${t.deletedAt} is null and ${resultToReviewSql}`),
    // The keys of the files a live record's public page shows (features/files/find-public-files.ts
    // writes the same array): whether /files may serve one to anyone is one index probe.
    index('person_live_public_file_keys_idx')
      .using('gin', sql.raw(`(${publicFileKeys})`))
      .where(sql`${t.deletedAt} is null`),
    // Passport scans' keys. Hash indexes: equality is all they answer, in a few bytes an entry.
    index('person_passport_key_idx').using('hash', sql`(${t.passportImage} ->> 'key')`),
    index('person_passport_thumbnail_key_idx').using('hash', sql`(${t.passportImage} ->> 'thumbnailKey')`),
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

/**
 * Live people by passed date, result (passed or not) and revocation, kept by statement triggers
 * (drizzle/0034_person_day_tally.sql) as rows are inserted, changed, trashed, restored and deleted.
 * The dashboard's figures are sums over it: a few thousand rows whatever the registry's size, where
 * counting ranges of an index grows with the registry.
 */
export const personDayTally = pgTable(
  'person_day_tally',
  {
    passedDate: date('passed_date', { mode: 'string' }).notNull(),
    passed: boolean('passed').notNull(),
    revoked: boolean('revoked').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.passedDate, t.passed, t.revoked] })],
);
