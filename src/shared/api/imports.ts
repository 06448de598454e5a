import { z } from 'zod';
import { personFileFields, recordFieldNames } from './people.ts';

/** What an import fills: people records (with optional files) or renewal records. */
export const importKinds = ['people', 'renewals'] as const;
export type ImportKind = (typeof importKinds)[number];

/** Where each kind's import endpoints live: `/api/imports` for people, `/api/renewals/imports`. */
export const importsPath = (kind: ImportKind) =>
  kind === 'people' ? '/api/imports' : '/api/renewals/imports';

/** The columns a template offers: the record fields, then (people only) files named inside the ZIP. */
export const importColumns = (kind: ImportKind): readonly string[] =>
  kind === 'people' ? [...recordFieldNames, ...personFileFields] : recordFieldNames;

/** How a CSV's columns are separated: Excel saves commas, semicolons in much of Europe, tabs as "Unicode Text". */
const csvSeparators = ['comma', 'semicolon', 'tab'] as const;
export type CsvSeparator = (typeof csvSeparators)[number];
const csvEncodings = ['utf-8', 'utf-16le', 'utf-16be'] as const;
export type CsvEncoding = (typeof csvEncodings)[number];
/** How a date such as 04/05/2024 is read: the 4th of May (day first) or April the 5th. */
const importDateOrders = ['day-first', 'month-first'] as const;
export type ImportDateOrder = (typeof importDateOrders)[number];

const importStatuses = ['checking', 'ready', 'committing', 'done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** One problem of one row; `row` is the row number a spreadsheet shows (the header is row 1). */
const importRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

/** A valid row whose (FIN, serial) pair an earlier row holds (`earlierRow`), or a live record (null). */
const importDuplicate = z.object({ row: z.number().int(), earlierRow: z.number().int().nullable() });
export type ImportDuplicate = z.infer<typeof importDuplicate>;

/** What a duplicate row repeats: "an existing record" or "row 4". */
export const duplicateOf = ({ earlierRow }: Pick<ImportDuplicate, 'earlierRow'>) =>
  earlierRow === null ? 'an existing record' : `row ${earlierRow}`;

/** A duplicate row as errors.csv describes it. */
export const duplicateText = (duplicate: Pick<ImportDuplicate, 'earlierRow'>) =>
  `Duplicate: the FIN and e-Cert serial number of ${duplicateOf(duplicate)}`;

export const importView = z.object({
  id: z.uuid(),
  kind: z.enum(importKinds),
  status: z.enum(importStatuses),
  fileName: z.string(),
  /** Data rows read so far (all of them once checked). */
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Valid rows whose (FIN, serial) pair a live record already holds, or an earlier row of the file. */
  duplicates: z.number().int(),
  /** Of the duplicates, rows whose pair an earlier row of the file holds ("replace" writes the last). */
  duplicatesInFile: z.number().int(),
  /** The first 100 duplicates; errors.csv has every one. */
  duplicateRows: z.array(importDuplicate),
  /** 0 to 1 through the current step: checking, then committing. */
  progress: z.number(),
  /** The first 100 problems; errors.csv has every bad row. */
  errors: z.array(importRowError),
  /** Things worth knowing that refuse nothing, such as columns the import does not read. */
  warnings: z.array(z.string()),
  /** How the file was read, once its first row was: null before. */
  separator: z.enum(csvSeparators).nullable(),
  encoding: z.enum(csvEncodings).nullable(),
  dateOrder: z.enum(importDateOrders),
  /** Rows are numbered by the file's "Original row" column (a corrected errors.csv), not its lines. */
  originalRows: z.boolean(),
  /** Why the import failed, in words a user can act on; null otherwise. */
  message: z.string().nullable(),
  /** Once done: records added, records replaced, duplicate rows skipped. */
  created: z.number().int(),
  replaced: z.number().int(),
  skipped: z.number().int(),
  /** Whether a failed import's rows were checked, so that committing again may work. */
  committable: z.boolean(),
  createdAt: z.string(),
});
export type ImportView = z.infer<typeof importView>;

const duplicateChoices = ['skip', 'replace'] as const;
export type DuplicateChoice = (typeof duplicateChoices)[number];
export const commitImportBody = z.object({
  duplicates: z.enum(duplicateChoices, { error: 'Choose "skip" or "replace" for duplicates' }),
});

/** The first problems (and duplicates) kept on the import itself; the rest are in errors.csv. */
export const IMPORT_ERRORS_SHOWN = 100;

/** errors.csv's first column: the row's number in the file it came from, read back on re-import. */
export const ORIGINAL_ROW_COLUMN = 'Original row';
/** errors.csv's second column: what is wrong with the row; an import ignores it. */
export const PROBLEMS_COLUMN = 'Problems';
