import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import {
  duplicateText,
  type ImportDateOrder,
  type ImportKind,
  importColumns,
  ORIGINAL_ROW_COLUMN,
  PROBLEMS_COLUMN,
} from '#shared/api/imports.ts';
import type { Db } from '../../db/database.ts';
import { importRow } from '../../db/schema/index.ts';
import { type ImportHeader, isErrorsFileColumn, readImportHeader } from './import-header.ts';
import type { ImportJobRow } from './import-jobs.ts';
import { sampleRows } from './sample-rows.ts';

const csvOptions = { bom: true, escape_formulas: true } as const;

/** The template: the columns an import reads (the API's field names) and no rows, to fill in. */
export function templateCsv(kind: ImportKind): Readable {
  const csv = stringify({ ...csvOptions });
  csv.end([...importColumns(kind)]);
  return csv;
}

/** The template's columns with made-up rows, to show what goes where; an import refuses them. */
export function sampleCsv(kind: ImportKind, dateOrder: ImportDateOrder): Readable {
  const columns = [...importColumns(kind)];
  const csv = stringify({ ...csvOptions, header: true, columns });
  for (const row of sampleRows(dateOrder)) csv.write(columns.map((column) => row[column] ?? ''));
  csv.end();
  return csv;
}

interface ListedRow {
  row: number;
  shown: number;
  problems: { field: string; message: string }[] | null;
  cells: string[] | null;
  fields: Record<string, unknown> | null;
  duplicateOf: number | null;
}

/**
 * Every bad row and every duplicate under the file's own columns, separated as the file was, after its row number and what is
 * wrong with it: fixed there, the same file can be imported again, and its rows keep their numbers
 * (the import reads the "Original row" column back and ignores "Problems").
 */
export function errorsCsv(db: Db, job: ImportJobRow): Readable {
  const kept = job.header.flatMap((label, index) => (isErrorsFileColumn(label) ? [] : [index]));
  const header = readImportHeader(job.kind, job.header);
  // A semicolon file came from a spreadsheet that opens semicolons as columns and commas as text.
  const csv = stringify({ ...csvOptions, delimiter: job.separator === 'semicolon' ? ';' : ',' });
  csv.write([ORIGINAL_ROW_COLUMN, PROBLEMS_COLUMN, ...kept.map((index) => job.header[index])]);
  const rows = Readable.from(listedRows(db, job.id, header, kept));
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}

/**
 * A duplicate is a valid row, staged by its values: its cells are written back from them, its
 * dates as YYYY-MM-DD and its files by the names it gave.
 */
function cellsOfValidRow(header: ImportHeader, fields: Record<string, unknown>): string[] {
  const cells = Array.from({ length: header.width }, () => '');
  const fileNames = (fields.fileNames ?? {}) as Record<string, string>;
  for (const [column, position] of header.positions) {
    const value = fields[column];
    cells[position] = typeof value === 'string' ? value : (fileNames[column] ?? '');
  }
  return cells;
}

async function* listedRows(
  db: Db,
  importId: string,
  header: ImportHeader,
  kept: number[],
): AsyncGenerator<string[]> {
  let after = 0;
  for (;;) {
    const page: ListedRow[] = await db
      .select({
        row: importRow.row,
        shown: sql<number>`coalesce(${importRow.shownRow}, ${importRow.row})`,
        problems: importRow.problems,
        cells: importRow.cells,
        // Only a duplicate needs its values; a bad row has its cells.
        fields: sql<Record<
          string,
          unknown
        > | null>`case when ${importRow.duplicateOf} is not null then ${importRow.fields} end`,
        duplicateOf: importRow.duplicateOf,
      })
      .from(importRow)
      .where(
        and(
          eq(importRow.importId, importId),
          or(isNotNull(importRow.problems), isNotNull(importRow.duplicateOf)),
          gt(importRow.row, after),
        ),
      )
      .orderBy(asc(importRow.row))
      .limit(1_000);
    for (const { shown, problems, cells, fields, duplicateOf } of page) {
      const described =
        duplicateOf !== null
          ? [duplicateText({ earlierRow: duplicateOf === 0 ? null : duplicateOf })]
          : (problems ?? []).map((p) => (p.field ? `${p.field}: ${p.message}` : p.message));
      const all = fields ? cellsOfValidRow(header, fields) : (cells ?? []);
      yield [String(shown), described.join('; '), ...kept.map((index) => all[index] ?? '')];
    }
    const last = page.at(-1);
    if (!last || page.length < 1_000) return;
    after = last.row;
  }
}
