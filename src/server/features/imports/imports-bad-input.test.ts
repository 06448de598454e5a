import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { checked, committed, csvOf, csvRow, upload, zipOf } from '../../test/imports-api.ts';
import { setUpPeopleApi } from '../../test/people-api.ts';
import { pngImage } from '../../test/upload-fixtures.ts';

const api = setUpPeopleApi();
const saveAsUtf8 = /CSV UTF-8/;

/** A refused file changes nothing: no staged row of it stays behind. */
async function expectNothingStaged(id: string) {
  const [staged] = await queryRows<{ n: number }>(
    api.harness.database.db,
    sql`select count(*)::int as n from import_row where import_id = ${id}`,
  );
  expect(staged?.n).toBe(0);
}

async function refused(csv: string | Buffer, message: RegExp, options: Parameters<typeof upload>[2] = {}) {
  const view = await checked(api, csv, options);
  expect(view).toMatchObject({ status: 'failed', committable: false });
  expect(view.message).toMatch(message);
  await expectNothingStaged(view.id);
  return view;
}

describe('an import refuses a file that is not UTF-8 CSV, saying how to fix it', () => {
  it('refuses an Excel workbook renamed to .csv', async () => {
    const workbook = await zipOf({
      '[Content_Types].xml': Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      ),
      'xl/workbook.xml': Buffer.from('<workbook/>'),
    });
    const view = await refused(workbook, /not a CSV file/);
    expect(view.message).toMatch(saveAsUtf8);
  });

  it('reads UTF-16 with a byte order mark, as some spreadsheet programs save it', async () => {
    const row = csvRow({ name: '陈美玲 தமிழ்செல்வி' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csvOf([row]), 'utf16le')]);
    expect(await checked(api, utf16)).toMatchObject({ status: 'ready', valid: 1 });
  });

  it('refuses a legacy 8-bit encoding instead of storing mangled names', async () => {
    const latin1 = Buffer.from(csvOf([csvRow({ name: 'José Müller' })]), 'latin1');
    await refused(latin1, /not UTF-8 text.*CSV UTF-8/);
  });

  it('names every missing column, and reads none of the rows', async () => {
    const csv = csvOf(
      [csvRow()],
      [
        'name',
        'gender',
        'nationality',
        'passportNumber',
        'finNumber',
        'eCertNumber',
        'tradeTested',
        'testLevel',
        'testResult',
      ],
    );
    await refused(csv, /lacks the columns dob, passedDate\./);
    await refused('just,some,words\n1,2,3\n', /must name the columns/);
  });

  it('refuses quotes left open to the end of the file, naming the row', async () => {
    const csv = `${csvOf([csvRow(), csvRow()])}"Open quote,1990-01-01\n`;
    await refused(csv, /starts at row 4 is never closed/);
  });

  it("reports a 1 MB cell as that row's problem and checks the rest", async () => {
    const view = await checked(api, csvOf([csvRow(), csvRow({ name: 'x'.repeat(1024 * 1024) }), csvRow()]));
    expect(view).toMatchObject({ status: 'ready', valid: 2, invalid: 1 });
    expect(view.errors).toEqual([
      {
        row: 3,
        field: 'name',
        message: `Name must be at most 200 characters; the cell reads "${'x'.repeat(40)}…"`,
      },
    ]);
  });

  it("keeps formula text as plain text: only an export's own quote is taken off", async () => {
    const row = csvRow({ name: '=HYPERLINK("http://x")', gender: "'+Female", testLevel: "'Level 1" });
    const view = await checked(api, csvOf([row]));
    expect(view).toMatchObject({ status: 'ready', valid: 1 });
    await committed(api, view.id);
    const list = await api.inject({ url: `/api/people?q=${row.finNumber}`, headers: api.staff.headers });
    expect(list.json().items[0]).toMatchObject({
      name: '=HYPERLINK("http://x")',
      gender: '+Female',
      // A quote before anything but a formula's first character is the user's own, and stays.
      testLevel: "'Level 1",
    });
  });
});

describe('the ZIP of files beside the CSV', () => {
  for (const [what, path] of [
    ['climbs out with ..', '../evil.png'],
    ['is absolute', '/x/evil.png'],
  ] as const) {
    it(`refuses an archive with an entry whose path ${what}`, async () => {
      const zip = await zipOf({ 'xx/evil.png': await pngImage() });
      const hostile = Buffer.from(zip.toString('latin1').replaceAll('xx/evil.png', path), 'latin1');
      const view = await refused(csvOf([csvRow({ passportImage: path })]), /leaves the archive/, {
        zip: hostile,
      });
      expect(view.rows).toBe(0);
    });
  }

  it('refuses a bomb entry before inflating it, and an entry that is not an image', async () => {
    const zip = await zipOf({
      'bomb.png': Buffer.alloc(50 * 1024 * 1024),
      'notes.png': Buffer.from('not an image at all'),
      'good.png': await pngImage(),
    });
    expect(zip.length).toBeLessThan(200_000);
    const rows = [
      csvRow({ passportImage: 'bomb.png' }),
      csvRow({ certificateImage: 'notes.png' }),
      csvRow({ signatureImage: 'missing.png' }),
      csvRow({ passportImage: 'good.png' }),
    ];
    const view = await checked(api, csvOf(rows), { zip });
    expect(view).toMatchObject({ status: 'ready', valid: 1, invalid: 3 });
    expect(view.errors).toEqual([
      { row: 2, field: 'passportImage', message: 'Passport image must be at most 10 MB.' },
      {
        row: 3,
        field: 'certificateImage',
        message: 'Certificate image must be a PNG, JPEG, WebP or GIF image.',
      },
      {
        row: 4,
        field: 'signatureImage',
        message: 'Signature image: the ZIP has no file named "missing.png".',
      },
    ]);
  });

  it('refuses a file named by a row when no ZIP came, and a ZIP for renewals', async () => {
    const view = await checked(api, csvOf([csvRow({ pdf: 'certificate.pdf' })]));
    expect(view.errors).toEqual([
      {
        row: 2,
        field: 'pdf',
        message: 'PDF names a file, "certificate.pdf", but no ZIP of files was sent.',
      },
    ]);
    const renewal = await upload(api, csvOf([csvRow()]), {
      kind: 'renewals',
      zip: await zipOf({ 'a.png': await pngImage() }),
    });
    expect(renewal.statusCode).toBe(400);
    expect(renewal.json().message).toBe('Renewal records have no files: send the CSV alone.');
  });

  it('refuses a files upload that is not a ZIP', async () => {
    await refused(csvOf([csvRow()]), /not a ZIP archive/, { zip: Buffer.from('plain text, not a zip') });
  });
});

describe('IMPORT_MAX_ROWS', () => {
  const small = setUpPeopleApi({ IMPORT_MAX_ROWS: '5' });

  it('refuses a file with more rows than the setting allows', async () => {
    const ok = await checked(small, csvOf(Array.from({ length: 5 }, () => csvRow())));
    expect(ok).toMatchObject({ status: 'ready', rows: 5 });
    const view = await checked(small, csvOf(Array.from({ length: 6 }, () => csvRow())));
    expect(view).toMatchObject({ status: 'failed' });
    expect(view.message).toBe(
      'The file has more than 5 rows, the most one import takes. Split it into smaller files.',
    );
  });
});
