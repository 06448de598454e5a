import { sql } from 'drizzle-orm';
import {
  IMPORT_ERRORS_SHOWN,
  type ImportDateOrder,
  type ImportKind,
  type ImportRowError,
} from '#shared/api/imports.ts';
import type { PersonFileField } from '#shared/api/people.ts';
import type { Db } from '../../db/database.ts';
import type { StoredFileRef } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/file-store.ts';
import { putFiles } from '../../files/put-files.ts';
import { personFileInputs } from '../people/read-person-form.ts';
import { UploadRejected } from '../uploads/field-errors.ts';
import { prepareImage, preparePdf } from '../uploads/prepare-upload.ts';
import { deleteUnreferencedFiles } from '../uploads/sweep-orphan-files.ts';
import { type CheckedRow, checkRow, isBlankRow, type RowProblem } from './check-row.ts';
import { type ImportHeader, readImportHeader } from './import-header.ts';
import { updateImport, whileAlive } from './import-jobs.ts';
import { quoted } from './quoted.ts';
import { ImportRefused, readCsvRecords, sniffCsv } from './read-csv.ts';
import { reclaimStagingSpace } from './reclaim-staging-space.ts';
import { letOthersRun, ROWS_PER_STEP } from './row-ranges.ts';
import {
  deleteStagedRows,
  keptCells,
  markDuplicates,
  oneWriteAtATime,
  type StagedRow,
  stageRows,
} from './stage-rows.ts';
import { openZipFiles, type ZipFiles } from './zip-files.ts';

export interface ImportUpload {
  csvPath: string;
  csvBytes: number;
  zipPath?: string;
  /** Removes the uploaded files once they are read. */
  cleanUp(): Promise<void>;
}

interface Deps {
  db: Db;
  /** The embedded database: space freed by deleted rows is given back by hand. */
  embedded: boolean;
  files: FileStore;
  maxRows: number;
  dateOrder: ImportDateOrder;
  log: { error(details: object, message: string): void };
}

/**
 * Reads the upload row by row, checks each as the form would, stores the files its rows name and
 * stages every row in the database, reporting counts and progress as it goes. Ends `ready`, or
 * `failed` with a message and nothing staged or stored.
 */
export async function checkImport(deps: Deps, job: { id: string; kind: ImportKind }, upload: ImportUpload) {
  const stored: string[] = [];
  let zip: ZipFiles | undefined;
  try {
    await whileAlive(deps.db, job.id, async () => {
      zip = upload.zipPath ? await openZipFiles(upload.zipPath) : undefined;
      await checkRows(deps, job, upload, zip, stored);
    });
  } catch (error) {
    if (!(error instanceof ImportRefused))
      deps.log.error({ err: error, importId: job.id }, 'import check failed');
    const message =
      error instanceof ImportRefused ? error.message : 'The file could not be checked. Please try again.';
    await deleteStagedRows(deps.db, job.id);
    await updateImport(deps.db, job.id, { status: 'failed', message, progress: 0 });
    await reclaimStagingSpace(deps.db, deps.embedded);
    await deleteUnreferencedFiles(deps.db, deps.files, stored).catch(() => {
      // The orphan sweep removes them later.
    });
  } finally {
    zip?.close();
    await upload.cleanUp();
  }
}

async function checkRows(
  deps: Deps,
  job: { id: string; kind: ImportKind },
  upload: ImportUpload,
  zip: ZipFiles | undefined,
  stored: string[],
) {
  let header: ImportHeader | undefined;
  const counts = { rows: 0, valid: 0, invalid: 0 };
  const errors: ImportRowError[] = [];
  let batch: StagedRow[] = [];
  let bytesRead = 0;
  const writer = oneWriteAtATime();
  const flush = () => {
    const rows = batch;
    const progress = upload.csvBytes > 0 ? Math.min(0.95, (bytesRead / upload.csvBytes) * 0.95) : 0;
    // The report renews the heartbeat too: work that moves is alive.
    const report = { ...counts, errors: [...errors], progress, heartbeatAt: sql`now()` };
    batch = [];
    return writer.write(async () => {
      await stageRows(deps.db, job.id, rows);
      await updateImport(deps.db, job.id, report);
    });
  };

  try {
    const shape = await sniffCsv(upload.csvPath);
    for await (const record of readCsvRecords(upload.csvPath, shape)) {
      bytesRead = record.bytesRead;
      if (!header) {
        header = readImportHeader(job.kind, record.cells);
        await updateImport(deps.db, job.id, {
          ...shape,
          dateOrder: deps.dateOrder,
          originalRows: header.originalRow !== undefined,
          warnings: header.warnings,
          header: keptCells(record.cells),
        });
        continue;
      }
      if (isBlankRow(record.cells)) continue;
      counts.rows += 1;
      if (counts.rows > deps.maxRows) {
        throw new ImportRefused(
          `The file has more than ${deps.maxRows.toLocaleString('en')} rows, the most one import takes. Split it into smaller files.`,
        );
      }
      let checked = checkRow(header, record.cells, record.row, deps.dateOrder);
      if (checked.ok) checked = await withFiles(deps, checked, zip, stored);
      const shown = checked.shownRow === record.row ? {} : { shown_row: checked.shownRow };
      if (checked.ok) {
        counts.valid += 1;
        const { fields, files, fileNames } = checked as CheckedWithFiles;
        batch.push({
          row: record.row,
          ...shown,
          fin_number: fields.finNumber,
          e_cert_number: fields.eCertNumber,
          // The names are kept to give a duplicate row back in errors.csv as it was written.
          fields: { ...fields, ...files, ...(Object.keys(fileNames).length > 0 && { fileNames }) },
        });
      } else {
        counts.invalid += 1;
        for (const problem of checked.problems) {
          if (errors.length < IMPORT_ERRORS_SHOWN) errors.push({ row: checked.shownRow, ...problem });
        }
        batch.push({ row: record.row, ...shown, problems: checked.problems, cells: keptCells(record.cells) });
      }
      if (batch.length >= ROWS_PER_STEP) {
        await flush();
        await letOthersRun();
      }
    }
    if (!header) {
      throw new ImportRefused('The file is empty: the first row must name the columns, as in the template.');
    }
    await flush();
    await writer.done();
  } finally {
    // Nothing may still be writing when a refusal clears what was staged.
    await writer.settled();
  }
  const duplicates = await markDuplicates(deps.db, job.kind, job.id);
  await updateImport(deps.db, job.id, {
    duplicates: duplicates.count,
    duplicatesInFile: duplicates.inFile,
    duplicateRows: duplicates.first,
    status: 'ready',
    progress: 1,
    checkedAt: new Date(),
  });
}

type CheckedWithFiles = Extract<CheckedRow, { ok: true }> & {
  files: Partial<Record<PersonFileField, StoredFileRef>>;
};

/** Reads, checks and stores each file the row names from the ZIP, through the same checks as an upload. */
async function withFiles(
  deps: Deps,
  row: Extract<CheckedRow, { ok: true }>,
  zip: ZipFiles | undefined,
  stored: string[],
): Promise<CheckedWithFiles | { ok: false; problems: RowProblem[]; shownRow: number }> {
  const files: CheckedWithFiles['files'] = {};
  const problems: RowProblem[] = [];
  for (const input of personFileInputs) {
    const name = row.fileNames[input.name];
    if (!name) continue;
    if (!zip) {
      problems.push({
        field: input.name,
        message: `${input.label} names a file, ${quoted(name)}, but no ZIP of files was sent.`,
      });
      continue;
    }
    try {
      const data = await zip.read(name, input.kind, input.label);
      const prepared =
        input.kind === 'image' ? await prepareImage(data, input.label) : await preparePdf(data, input.label);
      await putFiles(deps.files, prepared.blobs, stored);
      files[input.name] = prepared.ref;
    } catch (error) {
      if (!(error instanceof UploadRejected)) throw error;
      problems.push({ field: input.name, message: error.message });
    }
  }
  return problems.length > 0 ? { ok: false, problems, shownRow: row.shownRow } : { ...row, files };
}
