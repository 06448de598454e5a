import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { importColumns } from '#shared/api/imports.ts';
import { recordFieldNames } from '#shared/api/people.ts';
import { checked, csvOf, csvRow, upload } from '../../test/imports-api.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';

const api = setUpPeopleApi();
const get = (url: string) => api.inject({ url, headers: api.staff.headers });

describe('GET /api/imports/template.csv', () => {
  it('gives the columns an import reads and no rows, so that it imports as downloaded', async () => {
    expect((await api.inject({ url: '/api/imports/template.csv' })).statusCode).toBe(401);
    for (const kind of ['people', 'renewals'] as const) {
      const path = kind === 'people' ? '/api/imports' : '/api/renewals/imports';
      const template = await get(`${path}/template.csv`);
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(parse(template.body, { bom: true })).toEqual([[...importColumns(kind)]]);
      const view = await checked(api, template.rawPayload, { kind });
      expect(view).toMatchObject({ status: 'ready', rows: 0, valid: 0, invalid: 0, errors: [] });
    }
  });

  it('gives a sample apart, whose made-up rows an import refuses rather than saves', async () => {
    expect((await api.inject({ url: '/api/renewals/imports/sample.csv' })).statusCode).toBe(401);
    const sample = await get('/api/renewals/imports/sample.csv');
    expect(sample.statusCode).toBe(200);
    const [header, ...rows] = parse(sample.body, { bom: true }) as string[][];
    expect(header).toEqual(recordFieldNames);
    expect(rows.length).toBeGreaterThan(0);
    const view = await checked(api, sample.rawPayload, { kind: 'renewals' });
    expect(view).toMatchObject({ status: 'ready', rows: rows.length, valid: 0, invalid: rows.length });
    expect(view.errors[0]).toMatchObject({
      row: 2,
      field: 'eCertNumber',
      message: expect.stringMatching(/is the sample file's/),
    });
  });
});

describe('POST /api/imports: the check', () => {
  it('counts valid and invalid rows and names each problem at the row a spreadsheet shows', async () => {
    const rows = [
      csvRow(),
      csvRow({ dob: 'last May' }),
      csvRow(),
      csvRow({ name: '', passedDate: '2026-02-30' }),
    ];
    const view = await checked(api, csvOf(rows));
    expect(view).toMatchObject({
      status: 'ready',
      rows: 4,
      valid: 2,
      invalid: 2,
      duplicates: 0,
      progress: 1,
    });
    expect(view.errors).toEqual([
      {
        row: 3,
        field: 'dob',
        message: 'Date of birth "last May" is not a date: write it as DD/MM/YYYY (31/12/2024) or YYYY-MM-DD',
      },
      { row: 5, field: 'passedDate', message: 'Passed date "2026-02-30" is not a real calendar date' },
      { row: 5, field: 'name', message: 'Name is required' },
    ]);
    expect(view.committable).toBe(true);
  });

  it('reads common spellings of a result, and refuses other results and a passed date to come', async () => {
    const rows = [
      csvRow({ testResult: 'PASS' }),
      csvRow({ testResult: 'Competent' }),
      csvRow({ passedDate: '01/01/2030' }),
    ];
    const view = await checked(api, csvOf(rows));
    expect(view).toMatchObject({ rows: 3, valid: 1, invalid: 2 });
    expect(view.errors).toEqual([
      {
        row: 3,
        field: 'testResult',
        message:
          'Test result must be one of Passed, Failed, Pending, Absent (or Pass, Fail, P, F); the cell reads "Competent"',
      },
      {
        row: 4,
        field: 'passedDate',
        message: 'Passed date must not be in the future; the cell reads "01/01/2030"',
      },
    ]);
  });

  it('numbers rows as a spreadsheet does: a cell over two lines is one row, a blank row is still a row', async () => {
    const csv = `${csvOf([csvRow({ name: 'Two\nLines' })])}\n${csvOf([csvRow({ dob: 'x' })]).split('\n')[1]}\n`;
    const view = await checked(api, csv);
    expect(view).toMatchObject({ rows: 2, valid: 1, invalid: 1 });
    expect(view.errors[0]?.row).toBe(4);
  });

  it('reads the columns by name in any order, by their labels too, and warns of the ones it ignores', async () => {
    const row = csvRow();
    const columns = ['Notes', ...[...recordFieldNames].reverse()];
    const csv = csvOf([{ ...row, Notes: 'ignored' }], columns).replace('finNumber', 'FIN No');
    const view = await checked(api, csv);
    expect(view).toMatchObject({ status: 'ready', valid: 1 });
    expect(view.warnings).toEqual(['The column "Notes" is not one the import reads; it was ignored.']);
  });

  it('counts duplicates both ways: a pair a live record holds, and a pair twice in the file', async () => {
    const existing = await api.created();
    const repeated = csvRow();
    const rows = [
      csvRow({ finNumber: existing.finNumber, eCertNumber: existing.eCertNumber }),
      repeated,
      { ...repeated, name: 'Same pair again' },
      csvRow(),
    ];
    expect(await checked(api, csvOf(rows))).toMatchObject({ status: 'ready', valid: 4, duplicates: 2 });
  });

  it('gives every bad row back in errors.csv, under the file own columns, with its problems', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => csvRow(i % 2 ? { gender: '' } : {}));
    const view = await checked(api, csvOf(rows));
    expect(view).toMatchObject({ invalid: 75 });
    const response = await get(`/api/imports/${view.id}/errors.csv`);
    expect(response.statusCode).toBe(200);
    const bad = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(bad).toHaveLength(75);
    expect(bad[0]).toMatchObject({
      'Original row': '3',
      Problems: 'gender: Gender is required',
      finNumber: rows[1]?.finNumber,
    });
  });

  it('answers 404 for an import that is not there, or is of the other kind', async () => {
    const view = await checked(api, csvOf([csvRow()]));
    expect((await get('/api/imports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(`/api/renewals/imports/${view.id}`)).statusCode).toBe(404);
    expect((await get('/api/imports/not-an-id')).statusCode).toBe(404);
    // Shaped like an id without being one: still 404, never a database error.
    expect((await get(`/api/imports/${'-'.repeat(36)}`)).statusCode).toBe(404);
  });

  it('asks for a session, a multipart form and a CSV file', async () => {
    expect((await api.inject({ method: 'POST', url: '/api/imports', payload: {} })).statusCode).toBe(401);
    const json = await api.inject({
      method: 'POST',
      url: '/api/imports',
      headers: api.staff.headers,
      payload: {},
    });
    expect(json.statusCode).toBe(415);
    const empty = await upload(api, '');
    expect(empty.json()).toMatchObject({ statusCode: 400, message: 'Choose a CSV file to import.' });
  });
});
