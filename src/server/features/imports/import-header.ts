import { type ImportKind, importColumns, ORIGINAL_ROW_COLUMN, PROBLEMS_COLUMN } from '#shared/api/imports.ts';
import { recordFieldLabels, recordFieldNames } from '#shared/api/people.ts';
import { ImportRefused } from './read-csv.ts';

/** "FIN No", "fin_number" and "finNumber" all name the same column; so do "Passport Image" and "passportImage". */
const squash = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Other names staff see for a field: on record cards and in the form's messages. */
const shownNames: Record<string, string[]> = {
  dob: ['DOB', 'Date of birth'],
  passportNumber: ['Passport number'],
  finNumber: ['FIN number'],
  eCertNumber: ['e-Cert serial no.', 'e-Cert number', 'e-Cert serial number'],
};

const aliasesOf = (kind: ImportKind) => {
  const aliases = new Map<string, string>();
  for (const column of importColumns(kind)) aliases.set(squash(column), column);
  for (const field of recordFieldNames) {
    for (const name of [recordFieldLabels[field], ...(shownNames[field] ?? [])])
      aliases.set(squash(name), field);
  }
  return aliases;
};

/** errors.csv's own columns, which it writes again in front rather than twice. */
export const isErrorsFileColumn = (label: string) =>
  [ORIGINAL_ROW_COLUMN, PROBLEMS_COLUMN].some((name) => squash(name) === squash(label.trim()));

export interface ImportHeader {
  /** Column name → its position in each row. */
  positions: Map<string, number>;
  /** Where a corrected errors.csv keeps each row's number in the file it came from. */
  originalRow?: number;
  width: number;
  warnings: string[];
}

/**
 * Reads the first row as column names. A missing record field refuses the file, naming every one;
 * a column the import does not read is only a warning, since spreadsheets often carry extras.
 */
export function readImportHeader(kind: ImportKind, cells: string[]): ImportHeader {
  const aliases = aliasesOf(kind);
  const positions = new Map<string, number>();
  const warnings: string[] = [];
  let originalRow: number | undefined;
  cells.forEach((cell, index) => {
    const label = cell.trim();
    if (!label) return;
    const column = aliases.get(squash(label));
    // errors.csv's own two columns: the row numbers are read back, the problems were the old file's.
    if (squash(label) === squash(ORIGINAL_ROW_COLUMN)) originalRow ??= index;
    else if (squash(label) === squash(PROBLEMS_COLUMN)) return;
    else if (!column)
      warnings.push(`The column "${label.slice(0, 60)}" is not one the import reads; it was ignored.`);
    else if (positions.has(column))
      throw new ImportRefused(`The column ${column} appears twice in the first row.`);
    else positions.set(column, index);
  });
  const missing = recordFieldNames.filter((field) => !positions.has(field));
  if (missing.length === recordFieldNames.length) {
    throw new ImportRefused(
      'The first row must name the columns, as in the template; none of its cells is a column the import reads. Columns are read separated by commas, semicolons or tabs.',
    );
  }
  if (missing.length > 0) {
    const list = missing.join(', ');
    throw new ImportRefused(
      `The file lacks ${missing.length === 1 ? 'the column' : 'the columns'} ${list}. Start from the template.`,
    );
  }
  return { positions, originalRow, width: cells.length, warnings };
}
