import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { type Info, parse } from 'csv-parse';
import { fileTypeFromBuffer } from 'file-type';
import type { CsvEncoding, CsvSeparator } from '#shared/api/imports.ts';

/** The whole file is refused, with a message that says what to do; nothing was written. */
export class ImportRefused extends Error {}

/** Large enough for a row with a 1 MB cell to reach validation and be reported as that row's error. */
const MAX_RECORD_BYTES = 4 * 1024 * 1024;

const saveAsUtf8 =
  'Save it as UTF-8 text: in Excel, File › Save As › "CSV UTF-8 (Comma delimited)"; in LibreOffice, Save As › Text CSV with the character set "Unicode (UTF-8)".';

/** How a file is to be read: found from its first bytes and its first line. */
export interface CsvShape {
  encoding: CsvEncoding;
  separator: CsvSeparator;
}

const separatorCharacters: Record<CsvSeparator, string> = { comma: ',', semicolon: ';', tab: '\t' };

/** Enough of the file for the type sniffer and for a first row of any sensible width. */
const HEAD_BYTES = 64 * 1024;

/**
 * The encoding and separator to read the file with, or a refusal for a file that is not text. The
 * first row names the columns, so the separator is the one of the three it holds most of outside
 * quotes; a row of one column has none, and comma is as good as any.
 */
export async function sniffCsv(path: string): Promise<CsvShape> {
  const handle = await open(path);
  const head = Buffer.alloc(HEAD_BYTES);
  const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
  const start = head.subarray(0, bytesRead);
  const encoding = await encodingOf(start);
  const firstLine = firstRecordText(new TextDecoder(encoding).decode(start));
  const counts = (Object.keys(separatorCharacters) as CsvSeparator[]).map(
    (separator) => [separator, countOutsideQuotes(firstLine, separatorCharacters[separator])] as const,
  );
  const [separator] = counts.reduce((best, next) => (next[1] > best[1] ? next : best));
  return { encoding, separator };
}

/** The text up to the first line break outside quotes. */
function firstRecordText(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) return text.slice(0, i);
  }
  return text;
}

function countOutsideQuotes(line: string, character: string): number {
  let quoted = false;
  let count = 0;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === character) count += 1;
  }
  return count;
}

/** Tab, line feed, form feed and carriage return: the only control characters a CSV file holds. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);
const isControl = (byte: number) => (byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f;

/** UTF-8 text without control characters, allowing for a letter cut off at the end of `start`. */
function isPlainText(start: Buffer): boolean {
  if (start.some(isControl)) return false;
  for (let cut = 0; cut <= Math.min(3, start.length); cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(start.subarray(0, start.length - cut));
      return true;
    } catch {
      // a letter cut off by the end of `start`: try without its bytes
    }
  }
  return false;
}

/** What the first bytes say: the encoding to read, or a refusal for a file that is not text at all. */
async function encodingOf(start: Buffer): Promise<CsvEncoding> {
  if (start[0] === 0xff && start[1] === 0xfe) return 'utf-16le';
  if (start[0] === 0xfe && start[1] === 0xff) return 'utf-16be';
  // Plain text is text, whatever signature its letters happen to make: a list of FINs starts with
  // "G" and may have another at byte 188, which is how an MPEG transport stream is recognised.
  if (isPlainText(start)) return 'utf-8';
  const type = await fileTypeFromBuffer(start);
  if (type?.ext === 'xlsx' || type?.ext === 'xls' || type?.ext === 'cfb') {
    throw new ImportRefused(`This is an Excel workbook, not a CSV file. ${saveAsUtf8}`);
  }
  if (type || start.includes(0)) {
    throw new ImportRefused(
      `This file is not a CSV file${type ? ` (it is ${type.ext.toUpperCase()} data)` : ''}. ${saveAsUtf8}`,
    );
  }
  return 'utf-8';
}

/** Bytes in `encoding` to UTF-16 strings; a byte sequence that is not valid text refuses the file. */
const decoding = (encoding: CsvEncoding) => {
  const decoder = new TextDecoder(encoding, { fatal: true });
  const fail = () =>
    new ImportRefused(
      `This file is not UTF-8 text; it may use an older encoding such as Windows-1252. ${saveAsUtf8}`,
    );
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      try {
        done(null, decoder.decode(chunk, { stream: true }));
      } catch {
        done(fail());
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(fail());
      }
    },
  });
};

/** csv-parse's structural errors in words, with the spreadsheet row they were found at. */
function plainParseError(error: unknown, row: number): Error {
  if (error instanceof ImportRefused) return error;
  switch ((error as { code?: string }).code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new ImportRefused(
        `A quoted cell that starts at row ${row} is never closed: check for a missing ".`,
      );
    case 'CSV_MAX_RECORD_SIZE':
      return new ImportRefused(`Row ${row} is larger than 4 MB; a cell holds at most 200 characters.`);
    case 'CSV_INVALID_CLOSING_QUOTE':
      return new ImportRefused(`Row ${row} has a quote inside a quoted cell that is not doubled ("").`);
    default:
      return new ImportRefused(`The file could not be read as CSV at row ${row}. ${saveAsUtf8}`);
  }
}

export interface CsvRecord {
  /** The row number a spreadsheet shows: the header is row 1. */
  row: number;
  cells: string[];
  /** How far into the file the reading is, in bytes, for a progress bar. */
  bytesRead: number;
}

/**
 * The file's records one at a time, never the whole file in memory: UTF-8 (with or without a
 * byte order mark) or UTF-16 with one, as `sniffCsv` found. Anything else is refused with a
 * message saying how to fix it. Each `chunkBytes` read is parsed in one go, the loop held meanwhile.
 */
export async function* readCsvRecords(
  path: string,
  { encoding, separator }: CsvShape,
  chunkBytes = 64 * 1024,
): AsyncGenerator<CsvRecord> {
  const file = createReadStream(path, { highWaterMark: chunkBytes });
  const parser = file
    .on('error', (error) => parser.destroy(error))
    .pipe(decoding(encoding))
    .on('error', (error) => parser.destroy(error))
    .pipe(
      parse({
        bom: true,
        delimiter: separatorCharacters[separator],
        relax_column_count: true,
        max_record_size: MAX_RECORD_BYTES,
        info: true,
      }),
    );
  let row = 1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      row = info.records;
      yield { row, cells: record, bytesRead: file.bytesRead };
    }
  } catch (error) {
    // The parser may be rows ahead of the reader; its error knows how many rows came before.
    const before = (error as { records?: unknown }).records;
    throw plainParseError(error, (typeof before === 'number' ? before : row) + 1);
  }
}
