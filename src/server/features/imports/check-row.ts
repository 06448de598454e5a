import {
  type PersonFileField,
  personFileFields,
  type RecordFields,
  recordFields,
} from '#shared/api/people.ts';
import { isStorableText, unstorableTextMessage } from '../../plugins/storable-text.ts';
import type { ImportHeader } from './import-header.ts';

export interface RowProblem {
  field: string;
  message: string;
}

export type CheckedRow =
  | { ok: true; fields: RecordFields; fileNames: Partial<Record<PersonFileField, string>> }
  | { ok: false; problems: RowProblem[] };

/**
 * An export puts a quote before a cell a spreadsheet would run as a formula; reading it back takes
 * that quote off again, so a round trip keeps every value. Any other cell is kept as written.
 */
const withoutFormulaQuote = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** True for a row a spreadsheet leaves behind as blank lines: every cell empty. */
export const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** One data row, checked by the same rules as the Add people form (text fields) and for the files it names. */
export function checkRow(header: ImportHeader, cells: string[]): CheckedRow {
  const problems: RowProblem[] = [];
  const extra = cells.slice(header.width).filter((cell) => cell.trim() !== '').length;
  if (extra > 0) {
    problems.push({
      field: '',
      message: `The row has ${cells.length} cells; the first row names ${header.width} columns.`,
    });
  }
  const values: Record<string, string> = {};
  for (const [column, position] of header.positions) {
    const cell = withoutFormulaQuote(cells[position] ?? '');
    if (!isStorableText(cell)) problems.push({ field: column, message: unstorableTextMessage });
    else values[column] = cell;
  }
  const parsed = recordFields.safeParse(values);
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (!problems.some((problem) => problem.field === field))
      problems.push({ field, message: issue.message });
  }
  if (!parsed.success || problems.length > 0) return { ok: false, problems };

  const fileNames: Partial<Record<PersonFileField, string>> = {};
  for (const field of personFileFields) {
    const name = values[field]?.trim();
    if (name) fileNames[field] = name;
  }
  return { ok: true, fields: parsed.data, fileNames };
}
