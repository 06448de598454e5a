import { sql } from 'drizzle-orm';
import { IMPORT_ERRORS_SHOWN, type ImportDuplicate, type ImportKind } from '#shared/api/imports.ts';
import { personFileFields } from '#shared/api/people.ts';
import { type Db, queryRows } from '../../db/database.ts';
import { importRow, person, renewal, type StoredFileRef } from '../../db/schema/index.ts';
import { forEachRowRange } from './row-ranges.ts';

/** A checked row as staged: a valid row's values, or an invalid row's problems and cells. */
export interface StagedRow {
  row: number;
  /** Left out when it is `row`, as it mostly is. */
  shown_row?: number;
  fin_number?: string;
  e_cert_number?: string;
  fields?: Record<string, unknown>;
  problems?: { field: string; message: string }[];
  cells?: string[];
}

/** Cells of a bad row kept for errors.csv; a 1 MB cell is cut, its row is wrong either way. */
const KEPT_CELL_LENGTH = 1_000;
export const keptCells = (cells: string[]) =>
  cells.map((cell) => (cell.length > KEPT_CELL_LENGTH ? `${cell.slice(0, KEPT_CELL_LENGTH)}…` : cell));

/**
 * Stages a batch as ONE parameter, a JSON array the database unpacks: building a statement with
 * seven parameters a row cost 300 ms a thousand rows (bench/results/2026-11-25-import.json).
 */
export async function stageRows(db: Db, importId: string, rows: StagedRow[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${importRow} (import_id, row, shown_row, fin_number, e_cert_number, fields, problems, cells)
    select ${importId}, x.row, x.shown_row, x.fin_number, x.e_cert_number, x.fields, x.problems, x.cells
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(row int, shown_row int, fin_number text, e_cert_number text, fields jsonb, problems jsonb, cells jsonb)`);
}

export interface Duplicates {
  /** Valid rows whose pair a live record or an earlier row holds. */
  count: number;
  /** Of those, the rows whose pair an earlier row holds. */
  inFile: number;
  /** The first of them, by row, for the review; errors.csv lists every one. */
  first: ImportDuplicate[];
}

/**
 * Marks the valid rows whose (FIN, serial) pair a live record holds already (`duplicate_of` 0), or
 * an earlier row of the same file (that row's number): what "skip" leaves out and "replace" writes
 * over. Found on the pair indexes, a range of rows at a time.
 */
export async function markDuplicates(db: Db, kind: ImportKind, importId: string): Promise<Duplicates> {
  const target = kind === 'people' ? person : renewal;
  const found: Duplicates = { count: 0, inFile: 0, first: [] };
  await forEachRowRange(await lastStagedRow(db, importId), async ({ from, to }) => {
    const marked = await queryRows<{ row: number; shown: number; duplicate_of: number; in_file: boolean }>(
      db,
      sql`with pairs as (
          select r.row,
            exists (select 1 from ${target} t where t.fin_number = r.fin_number
              and t.e_cert_number = r.e_cert_number and t.deleted_at is null) as taken,
            (select coalesce(e.shown_row, e.row) from ${importRow} e where e.import_id = r.import_id
              and e.fields is not null and e.fin_number = r.fin_number and e.e_cert_number = r.e_cert_number
              and e.row < r.row order by e.row limit 1) as earlier
          from ${importRow} r
          where r.import_id = ${importId} and r.row >= ${from} and r.row < ${to} and r.fields is not null
        )
        update ${importRow} r set duplicate_of = case when p.taken then 0 else p.earlier end
        from pairs p
        where r.import_id = ${importId} and r.row = p.row and (p.taken or p.earlier is not null)
        returning r.row, coalesce(r.shown_row, r.row) as shown, r.duplicate_of, p.earlier is not null as in_file`,
    );
    // An update returns its rows in no set order.
    marked.sort((a, b) => a.row - b.row);
    found.count += marked.length;
    for (const row of marked) {
      if (row.in_file) found.inFile += 1;
      if (found.first.length < IMPORT_ERRORS_SHOWN)
        found.first.push({ row: row.shown, earlierRow: row.duplicate_of === 0 ? null : row.duplicate_of });
    }
  });
  return found;
}

export async function lastStagedRow(db: Db, importId: string): Promise<number> {
  const [result] = await queryRows<{ last: number | null }>(
    db,
    sql`select max(row) as last from ${importRow} where import_id = ${importId}`,
  );
  return result?.last ?? 0;
}

/**
 * Deletes every staged row of the import, a range at a time, and answers the keys of the stored
 * files those rows named, so that files nothing else names can go too.
 */
export async function deleteStagedRows(db: Db, importId: string): Promise<string[]> {
  const keys = new Set<string>();
  const files = sql.join(
    personFileFields.map((field) => sql`${importRow.fields} -> ${field}`),
    sql`, `,
  );
  await forEachRowRange(await lastStagedRow(db, importId), async ({ from, to }) => {
    const gone = await queryRows<{ files: (StoredFileRef | null)[] }>(
      db,
      sql`delete from ${importRow} where ${importRow.importId} = ${importId}
        and ${importRow.row} >= ${from} and ${importRow.row} < ${to}
        returning jsonb_build_array(${files}) as files`,
    );
    for (const ref of gone.flatMap((row) => row.files)) {
      if (ref?.key) keys.add(ref.key);
      if (ref?.thumbnailKey) keys.add(ref.thumbnailKey);
    }
  });
  return [...keys];
}

/**
 * Runs writes one after another while the caller goes on reading: checking the next batch (CPU
 * here) overlaps storing the last one (the database's), and at most one batch waits in memory.
 */
export function oneWriteAtATime() {
  let inFlight: Promise<void> = Promise.resolve();
  return {
    async write(work: () => Promise<void>) {
      await inFlight;
      inFlight = work();
      // Its failure is thrown by the next write() or done(), not reported as unhandled meanwhile.
      inFlight.catch(() => undefined);
    },
    done: () => inFlight,
    settled: () => inFlight.catch(() => undefined),
  };
}
