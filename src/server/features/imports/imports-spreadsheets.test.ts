import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { importColumns } from '#shared/api/imports.ts';
import type { PersonView } from '#shared/api/people.ts';
import { checked, committed, csvOf, csvRow } from '../../test/imports-api.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi();
const get = (url: string) => api.inject({ url, headers: api.staff.headers });
const personOf = async (finNumber: string): Promise<PersonView | undefined> =>
  (await get(`/api/people?q=${encodeURIComponent(finNumber)}`)).json().items[0];

const columns = [...importColumns('people')];
const withSeparator = (rows: Record<string, string>[], delimiter: string) =>
  stringify(rows, { header: true, columns, delimiter });

describe('an import reads the files spreadsheet programs save', () => {
  it('reads a semicolon-separated file, as Excel saves CSV where the decimal mark is a comma', async () => {
    const row = csvRow({ name: 'Tan, Mei Ling' });
    const csv = withSeparator([row, csvRow()], ';');
    expect(csv.split('\n')[0]).toContain('name;dob;');
    const view = await checked(api, csv);
    expect(view).toMatchObject({ status: 'ready', valid: 2, invalid: 0, separator: 'semicolon' });
    expect(view.encoding).toBe('utf-8');
    // errors.csv goes back to that spreadsheet separated as it came.
    const errorsFile = (await get(`/api/imports/${view.id}/errors.csv`)).body;
    expect(errorsFile.replace(/^\uFEFF/, '')).toMatch(/^Original row;Problems;name;dob;/);
    await committed(api, view.id);
    expect((await personOf(row.finNumber ?? ''))?.name).toBe('Tan, Mei Ling');
  });

  it('reads Excel\'s "Unicode Text": UTF-16 with a byte order mark, tab-separated', async () => {
    const row = csvRow({ name: '陈美玲, தமிழ்செல்வி' });
    const text = withSeparator([row], '\t');
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const view = await checked(api, littleEndian, { filename: 'people.txt' });
    expect(view).toMatchObject({ status: 'ready', valid: 1, separator: 'tab', encoding: 'utf-16le' });
    await committed(api, view.id);
    expect((await personOf(row.finNumber ?? ''))?.name).toBe(row.name);

    const bigEndian = Buffer.from(littleEndian).swap16();
    expect(await checked(api, bigEndian)).toMatchObject({ separator: 'tab', encoding: 'utf-16be' });
  });

  it('keeps to commas when a comma file has semicolons inside its cells', async () => {
    const view = await checked(api, csvOf([csvRow({ name: 'A; B; C; D; E; F; G; H; I; J; K; L' })]));
    expect(view).toMatchObject({ valid: 1, separator: 'comma' });
  });
});

describe('dates as spreadsheets write them', () => {
  it('reads dates day first by default, with slashes, dashes or dots, and YYYY-MM-DD', async () => {
    const rows = [
      csvRow({ dob: '31/12/1990', passedDate: '05/06/2025' }),
      csvRow({ dob: '1-2-1985', passedDate: '2025-06-05' }),
      csvRow({ dob: '31.12.1990', passedDate: '7 Mar 2025' }),
    ];
    const view = await checked(api, csvOf(rows));
    expect(view).toMatchObject({ status: 'ready', valid: 3, invalid: 0, dateOrder: 'day-first' });
    await committed(api, view.id);
    const read = await Promise.all(rows.map((row) => personOf(row.finNumber ?? '')));
    expect(read.map((person) => [person?.dob, person?.passedDate])).toEqual([
      ['1990-12-31', '2025-06-05'],
      ['1985-02-01', '2025-06-05'],
      ['1990-12-31', '2025-03-07'],
    ]);
  });

  it('refuses a date it cannot read for sure, quoting the value it read', async () => {
    const rows = [
      csvRow({ dob: '31/12/90' }),
      csvRow({ dob: '12/31/1990' }),
      csvRow({ passedDate: '30/02/2025' }),
      csvRow({ passedDate: '45678' }),
    ];
    const view = await checked(api, csvOf(rows));
    expect(view).toMatchObject({ valid: 0, invalid: 4 });
    expect(view.errors).toEqual([
      {
        row: 2,
        field: 'dob',
        message:
          'Date of birth "31/12/90" has a two-digit year, which could be of two centuries: write the year in full, as in 31/12/2024',
      },
      {
        row: 3,
        field: 'dob',
        message:
          'Date of birth "12/31/1990" is not a date when read day first (DD/MM/YYYY), as this portal reads dates: write it as DD/MM/YYYY or YYYY-MM-DD',
      },
      { row: 4, field: 'passedDate', message: 'Passed date "30/02/2025" is not a real calendar date' },
      {
        row: 5,
        field: 'passedDate',
        message: 'Passed date "45678" is not a date: write it as DD/MM/YYYY (31/12/2024) or YYYY-MM-DD',
      },
    ]);
  });
});

describe('IMPORT_DATE_ORDER=month-first', () => {
  const monthFirst = setUpPeopleApi({ IMPORT_DATE_ORDER: 'month-first' });

  it('reads 12/31/1990 as the 31st of December and refuses 31/12/1990', async () => {
    const good = csvRow({ dob: '12/31/1990', passedDate: '2/1/2025' });
    const view = await checked(monthFirst, csvOf([good, csvRow({ dob: '31/12/1990' })]));
    expect(view).toMatchObject({ valid: 1, invalid: 1, dateOrder: 'month-first' });
    expect(view.errors[0]?.message).toBe(
      'Date of birth "31/12/1990" is not a date when read month first (MM/DD/YYYY), as this portal reads dates: write it as MM/DD/YYYY or YYYY-MM-DD',
    );
    await committed(monthFirst, view.id);
    const list = await monthFirst.inject({
      url: `/api/people?q=${good.finNumber}`,
      headers: monthFirst.staff.headers,
    });
    expect(list.json().items[0]).toMatchObject({ dob: '1990-12-31', passedDate: '2025-02-01' });
  });

  it('writes the sample file dates month first', async () => {
    const sample = await monthFirst.inject({
      url: '/api/imports/sample.csv',
      headers: monthFirst.staff.headers,
    });
    const [first] = parse(sample.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(first?.dob).toBe('05/17/1990');
  });
});

describe('duplicates', () => {
  it('lists every duplicate by row, in the view and errors.csv, with counts that add up', async () => {
    const existing = await api.created();
    const pair = csvRow();
    const rows = [
      csvRow({ finNumber: existing.finNumber, eCertNumber: existing.eCertNumber }),
      csvRow(),
      pair,
      { ...pair, name: 'Second of the pair' },
      csvRow({ gender: '' }),
    ];
    const view = await checked(api, csvOf(rows));
    expect(view).toMatchObject({ rows: 5, valid: 4, invalid: 1, duplicates: 2, duplicatesInFile: 1 });
    expect(view.duplicateRows).toEqual([
      { row: 2, earlierRow: null },
      { row: 5, earlierRow: 4 },
    ]);

    const listed = parse((await get(`/api/imports/${view.id}/errors.csv`)).body, {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(listed.map((row) => [row['Original row'], row.Problems])).toEqual([
      ['2', 'Duplicate: the FIN and e-Cert serial number of an existing record'],
      ['5', 'Duplicate: the FIN and e-Cert serial number of row 4'],
      ['6', 'gender: Gender is required'],
    ]);
    // A duplicate is given back as it was written, so that it can be corrected there.
    expect(listed[1]).toMatchObject({ ...rows[3], pdf: '' });

    // Skipping writes the valid rows that are no duplicate: valid - duplicates.
    const done = await committed(api, view.id, 'skip');
    expect(done).toMatchObject({ created: view.valid - view.duplicates, replaced: 0, skipped: 2 });
  });

  it('replacing writes the last row of each pair: valid - duplicates in the file', async () => {
    const existing = await api.created();
    const pair = csvRow();
    const rows = [
      csvRow({ finNumber: existing.finNumber, eCertNumber: existing.eCertNumber }),
      pair,
      { ...pair, name: 'Second of the pair' },
    ];
    const view = await checked(api, csvOf(rows));
    expect(view).toMatchObject({ valid: 3, duplicates: 2, duplicatesInFile: 1 });
    const done = await committed(api, view.id, 'replace');
    expect(done.created + done.replaced).toBe(view.valid - view.duplicatesInFile);
    expect(done.replaced).toBe(view.duplicates - view.duplicatesInFile);
  });
});

describe('a corrected errors.csv imported again', () => {
  it('keeps the original row numbers, and says so', async () => {
    const rows = [csvRow(), csvRow({ gender: '' }), csvRow(), csvRow({ dob: 'soon' }), csvRow({ name: '' })];
    const first = await checked(api, csvOf(rows));
    expect(first.errors.map((error) => error.row)).toEqual([3, 5, 6]);
    expect(first.originalRows).toBe(false);

    const errorsFile = (await get(`/api/imports/${first.id}/errors.csv`)).body;
    const [header, ...bad] = parse(errorsFile, { bom: true }) as string[][];
    expect(header?.slice(0, 2)).toEqual(['Original row', 'Problems']);
    const at = (column: string) => header?.indexOf(column) ?? -1;
    // Two rows fixed, the third (row 6) left without a name.
    const fixed = bad.map((cells) => {
      const copy = [...cells];
      if (copy[0] === '3') copy[at('gender')] = 'Female';
      if (copy[0] === '5') copy[at('dob')] = '01/02/1990';
      return copy;
    });
    const again = await checked(api, stringify([header ?? [], ...fixed], { bom: true }));
    expect(again).toMatchObject({ status: 'ready', rows: 3, valid: 2, invalid: 1, originalRows: true });
    expect(again.warnings).toEqual([]);
    expect(again.errors).toEqual([{ row: 6, field: 'name', message: 'Name is required' }]);

    // Its own errors.csv still says row 6, under the same columns.
    const [secondHeader, ...stillBad] = parse((await get(`/api/imports/${again.id}/errors.csv`)).body, {
      bom: true,
    }) as string[][];
    expect(secondHeader).toEqual(header);
    expect(stillBad.map((cells) => cells[0])).toEqual(['6']);
  });

  it('refuses an Original row that is not a row number, naming it', async () => {
    const csv = csvOf([{ 'Original row': 'six', ...csvRow() }], ['Original row', ...columns]);
    const view = await checked(api, csv);
    expect(view.errors).toEqual([
      {
        row: 2,
        field: 'Original row',
        message:
          'Original row "six" is not a row number (2 or more); leave it as errors.csv gave it, or empty',
      },
    ]);
  });
});
