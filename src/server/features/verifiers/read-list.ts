import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_LIST_ROWS } from '#shared/api/verifiers.ts';
import { invalidInput } from '../../errors.ts';
import { ImportRefused, readCsvRecords, sniffCsv } from '../imports/read-csv.ts';
import { noteText, noteWords } from './report-words.ts';

/** A row of the list as given: its number, and either a pair to check or why it cannot be. */
export type ListEntry =
  | { row: number; fin: string; serial: string; duplicateOf?: undefined; problem?: undefined }
  | { row: number; fin: string; serial: string; duplicateOf: number; problem?: undefined }
  | { row: number; fin: string; serial: string; problem: string; duplicateOf?: undefined };

const HEADER_CELL =
  /^(fin|fin ?no\.?|fin ?number|serial|serial ?no\.?|serial ?number|e-?cert( ?(no\.?|number))?)$/i;
const MAX_CELL = 50;
/** Read and parsed a few kB at a time: a 1,000-row list in one piece held the loop some 25 ms. */
const CHUNK_BYTES = 4 * 1024;

/**
 * The rows of a list file (or of pasted text, read as the same file would be), read by the import's
 * reader: UTF-8 or UTF-16, comma, semicolon or tab found from the first line. A first row that
 * names its columns is left out. A whole list over the limit is refused before anything is checked.
 */
export async function readList(bytes: Buffer): Promise<ListEntry[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'verifier-list-'));
  try {
    const file = path.join(folder, 'list.csv');
    await writeFile(file, bytes);
    const records: { row: number; cells: string[] }[] = [];
    for await (const { row, cells } of readCsvRecords(file, await sniffCsv(file), CHUNK_BYTES)) {
      const filled = cells.map((cell) => cell.trim()).filter(Boolean);
      if (filled.length === 0) continue;
      if (records.length === 0 && row === 1 && filled.some((cell) => HEADER_CELL.test(cell))) continue;
      records.push({ row, cells: filled.length === 1 ? (filled[0] ?? '').split(/\s+/) : filled });
      if (records.length > MAX_LIST_ROWS) {
        throw invalidInput(
          `A list takes at most ${MAX_LIST_ROWS.toLocaleString('en')} rows: split it and check each part.`,
        );
      }
    }
    if (records.length === 0) throw invalidInput('The list has no rows to check.');
    return entriesOf(records);
  } catch (error) {
    if (error instanceof ImportRefused) throw invalidInput(error.message);
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Each row a FIN and a serial; a pair seen before is a duplicate of its first row, checked once. */
function entriesOf(records: { row: number; cells: string[] }[]): ListEntry[] {
  const firstRowOf = new Map<string, number>();
  return records.map(({ row, cells }) => {
    const [fin = '', serial = ''] = cells;
    if (cells.length !== 2) {
      return { row, fin, serial, problem: noteText(noteWords.twoValues) };
    }
    if (fin.length > MAX_CELL || serial.length > MAX_CELL) {
      return {
        row,
        fin: fin.slice(0, MAX_CELL),
        serial: serial.slice(0, MAX_CELL),
        problem: noteText(noteWords.tooLong),
      };
    }
    const key = `${fin}\u0000${serial}`;
    const first = firstRowOf.get(key);
    if (first !== undefined) return { row, fin, serial, duplicateOf: first };
    firstRowOf.set(key, row);
    return { row, fin, serial };
  });
}
