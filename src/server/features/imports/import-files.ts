import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { type ImportKind, importColumns } from '#shared/api/imports.ts';
import type { Db } from '../../db/database.ts';
import { importRow } from '../../db/schema/index.ts';
import type { ImportJobRow } from './import-jobs.ts';

/** One made-up example row, in the template's column order. */
const exampleRow: Record<string, string> = {
  name: 'Alex Example',
  dob: '1990-05-17',
  gender: 'Female',
  nationality: 'Examplese',
  passportNumber: 'X1234567',
  finNumber: 'G1234567X',
  eCertNumber: 'EC-2026-000001',
  tradeTested: 'Electrical Wiring',
  testLevel: 'Level 1',
  testResult: 'Passed',
  passedDate: '2026-01-15',
  passportImage: 'photos/alex-passport.jpg',
  certificateImage: 'photos/alex-certificate.png',
  signatureImage: '',
  pdf: '',
};

const csvOptions = { bom: true, escape_formulas: true } as const;

/** The template: the columns an import reads (DESIGN.md §5 names) and one example row. */
export function templateCsv(kind: ImportKind): Readable {
  const columns = [...importColumns(kind)];
  const csv = stringify({ ...csvOptions, header: true, columns });
  csv.end(columns.map((column) => exampleRow[column] ?? ''));
  return csv;
}

/**
 * Every bad row as it was sent, under the file's own columns, after its row number and what is
 * wrong with it: fixed there, the same file can be imported again (the two extra columns are ignored).
 */
export function errorsCsv(db: Db, job: ImportJobRow): Readable {
  const csv = stringify({ ...csvOptions });
  csv.write(['row', 'errors', ...job.header]);
  const rows = Readable.from(badRows(db, job.id));
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}

async function* badRows(db: Db, importId: string): AsyncGenerator<string[]> {
  let after = 0;
  for (;;) {
    const page = await db
      .select({ row: importRow.row, problems: importRow.problems, cells: importRow.cells })
      .from(importRow)
      .where(and(eq(importRow.importId, importId), isNotNull(importRow.problems), gt(importRow.row, after)))
      .orderBy(asc(importRow.row))
      .limit(1_000);
    for (const { row, problems, cells } of page) {
      const described = (problems ?? []).map((p) => (p.field ? `${p.field}: ${p.message}` : p.message));
      yield [String(row), described.join('; '), ...(cells ?? [])];
    }
    const last = page.at(-1);
    if (!last || page.length < 1_000) return;
    after = last.row;
  }
}
