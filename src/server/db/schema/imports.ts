import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CsvEncoding,
  CsvSeparator,
  ImportDateOrder,
  ImportDuplicate,
  ImportKind,
  ImportRowError,
  ImportStatus,
} from '#shared/api/imports.ts';

/**
 * One bulk import, from upload to commit. Its state lives here rather than in a process, so any
 * instance can report on it and a restart loses nothing.
 */
export const importJob = pgTable(
  'import_job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<ImportKind>().notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('checking'),
    fileName: text('file_name').notNull(),
    /** The first row as sent, so errors.csv gives back the bad rows under their own columns. */
    header: jsonb('header').$type<string[]>().notNull().default([]),
    rows: integer('rows').notNull().default(0),
    valid: integer('valid').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    duplicatesInFile: integer('duplicates_in_file').notNull().default(0),
    duplicateRows: jsonb('duplicate_rows').$type<ImportDuplicate[]>().notNull().default([]),
    progress: real('progress').notNull().default(0),
    errors: jsonb('errors').$type<ImportRowError[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    separator: text('separator').$type<CsvSeparator>(),
    encoding: text('encoding').$type<CsvEncoding>(),
    dateOrder: text('date_order').$type<ImportDateOrder>().notNull().default('day-first'),
    originalRows: boolean('original_rows').notNull().default(false),
    message: text('message'),
    created: integer('created').notNull().default(0),
    replaced: integer('replaced').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** Set once every row is checked and staged: from then on the import may be committed. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** Renewed by the instance working on the import; a stale one means that instance is gone. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_job_created_at_idx').on(t.createdAt.desc())],
);

/**
 * A checked row, staged until the commit: `fields` holds a valid row's values (file references
 * included), `problems` and `cells` an invalid row's messages and what it held, for errors.csv.
 */
export const importRow = pgTable(
  'import_row',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => importJob.id, { onDelete: 'cascade' }),
    /** The row's place in the uploaded file, as a spreadsheet numbers it (the header is row 1). */
    row: integer('row').notNull(),
    /** The number staff know the row by when it differs: its row in the file a corrected errors.csv came from. */
    shownRow: integer('shown_row'),
    /** A valid row's pair is held by an earlier row (its shown number) or, when 0, by a live record. */
    duplicateOf: integer('duplicate_of'),
    finNumber: text('fin_number'),
    eCertNumber: text('e_cert_number'),
    fields: jsonb('fields').$type<Record<string, unknown>>(),
    problems: jsonb('problems').$type<{ field: string; message: string }[]>(),
    cells: jsonb('cells').$type<string[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.row] }),
    // The commit picks, for each pair, the first (skip) or last (replace) row holding it.
    index('import_row_pair_idx')
      .on(t.importId, t.finNumber, t.eCertNumber, t.row)
      .where(sql`${t.fields} is not null`),
  ],
);
