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

const importStatuses = ['checking', 'ready', 'committing', 'done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** One problem of one row; `row` is the row number a spreadsheet shows (the header is row 1). */
const importRowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

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
  /** 0 to 1 through the current step: checking, then committing. */
  progress: z.number(),
  /** The first 100 problems; errors.csv has every bad row. */
  errors: z.array(importRowError),
  /** Things worth knowing that refuse nothing, such as columns the import does not read. */
  warnings: z.array(z.string()),
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

/** The first problems kept on the import itself; the rest are in errors.csv. */
export const IMPORT_ERRORS_SHOWN = 100;
