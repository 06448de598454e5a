import { type ImportDateOrder, ORIGINAL_ROW_COLUMN } from '#shared/api/imports.ts';
import {
  type PersonFileField,
  personFileFields,
  type RecordFields,
  recordFields,
} from '#shared/api/people.ts';
import { isStorableText, unstorableTextMessage } from '../../plugins/storable-text.ts';
import type { ImportHeader } from './import-header.ts';
import { quoted } from './quoted.ts';
import { readImportDate } from './read-date.ts';
import { isSampleSerial } from './sample-rows.ts';

export interface RowProblem {
  field: string;
  message: string;
}

export type CheckedRow = { shownRow: number } & (
  | { ok: true; fields: RecordFields; fileNames: Partial<Record<PersonFileField, string>> }
  | { ok: false; problems: RowProblem[] }
);

/** The date fields, with the words their messages use (as the form's). */
const dateFields = { dob: 'Date of birth', passedDate: 'Passed date' } as const;

/** Row numbers fit the database's integer; nothing a spreadsheet holds comes near. */
const LAST_ROW_NUMBER = 2_147_483_647;

/**
 * An export puts a quote before a cell a spreadsheet would run as a formula; reading it back takes
 * that quote off again, so a round trip keeps every value. Any other cell is kept as written.
 */
const withoutFormulaQuote = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** True for a row a spreadsheet leaves behind as blank lines: every cell empty. */
export const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The number staff know the row by: its line in this file, or the one a corrected errors.csv
 * carries in its "Original row" column (a row added to that file has none, and keeps its line).
 */
function shownRowOf(header: ImportHeader, cells: string[], line: number, problems: RowProblem[]) {
  if (header.originalRow === undefined) return line;
  const cell = (cells[header.originalRow] ?? '').trim();
  if (cell === '') return line;
  const number = /^\d{1,10}$/.test(cell) ? Number(cell) : Number.NaN;
  if (number >= 2 && number <= LAST_ROW_NUMBER) return number;
  problems.push({
    field: ORIGINAL_ROW_COLUMN,
    message: `${ORIGINAL_ROW_COLUMN} ${quoted(cell)} is not a row number (2 or more); leave it as errors.csv gave it, or empty`,
  });
  return line;
}

/**
 * One data row, at `line` of the file, checked by the same rules as the Add people form (text
 * fields), with dates read as spreadsheets write them, and for the files it names.
 */
export function checkRow(
  header: ImportHeader,
  cells: string[],
  line: number,
  dateOrder: ImportDateOrder,
): CheckedRow {
  const problems: RowProblem[] = [];
  const extra = cells.slice(header.width).filter((cell) => cell.trim() !== '').length;
  if (extra > 0) {
    problems.push({
      field: '',
      message: `The row has ${cells.length} cells; the first row names ${header.width} columns.`,
    });
  }
  const shownRow = shownRowOf(header, cells, line, problems);
  const values: Record<string, string> = {};
  // Each cell as written, for messages: a date's value is already read into YYYY-MM-DD.
  const written: Record<string, string> = {};
  for (const [column, position] of header.positions) {
    const cell = withoutFormulaQuote(cells[position] ?? '');
    written[column] = cell;
    if (!isStorableText(cell)) {
      problems.push({ field: column, message: unstorableTextMessage });
      continue;
    }
    const dateLabel = dateFields[column as keyof typeof dateFields];
    if (!dateLabel) {
      values[column] = cell;
      continue;
    }
    const date = readImportDate(dateLabel, cell, dateOrder);
    if (date.ok) values[column] = date.iso;
    else problems.push({ field: column, message: date.message });
  }
  const parsed = recordFields.safeParse(values);
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (problems.some((problem) => problem.field === field)) continue;
    const read = written[field]?.trim();
    problems.push({
      field,
      message: read ? `${issue.message}; the cell reads ${quoted(read)}` : issue.message,
    });
  }
  if (parsed.success && isSampleSerial(parsed.data.eCertNumber)) {
    problems.push({
      field: 'eCertNumber',
      message: `e-Cert serial no. ${quoted(parsed.data.eCertNumber)} is the sample file's: put the record's own in its place`,
    });
  }
  if (!parsed.success || problems.length > 0) return { ok: false, problems, shownRow };

  const fileNames: Partial<Record<PersonFileField, string>> = {};
  for (const field of personFileFields) {
    const name = values[field]?.trim();
    if (name) fileNames[field] = name;
  }
  return { ok: true, fields: parsed.data, fileNames, shownRow };
}
