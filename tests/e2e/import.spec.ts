import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  type ImportKind,
  type ImportView,
  importColumns,
  importsPath,
} from '../../src/shared/api/imports.ts';
import type { RecordFields } from '../../src/shared/api/people.ts';
import {
  allowFailedLoad,
  appOrigin,
  createPersonByApi,
  expect,
  expectNoAxeViolations,
  newRecord,
  type TestFile,
  tabTo,
  staffTest as test,
  uniqueTag,
} from './fixtures.ts';

test.describe.configure({ mode: 'parallel' });
test.use({ viewport: { width: 1366, height: 900 } });

// A first dashboard page parses the staff chunk and checks the session; the server checks and saves
// an import in the background.
const LOADED = { timeout: 15_000 };
const WORKED = { timeout: 60_000 };

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const step = (page: Page) => main(page).getByRole('heading', { level: 2 });
const card = (page: Page, name: string) => main(page).getByRole('article', { name, exact: true });

type Row = Partial<Record<string, string>>;

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * A CSV file with the template's columns, then any `extra` ones the import does not read; a column
 * a row leaves out is empty.
 */
function csvFile(kind: ImportKind, rows: Row[], extra: string[] = []): TestFile {
  const columns = [...importColumns(kind), ...extra];
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((column) => csvField(row[column] ?? '')).join(',')),
  ];
  return {
    name: `import-${uniqueTag()}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
  };
}

/** `count` valid records whose name, passport, FIN and serial carry the tag and their number. */
const validRows = (tag: string, count: number): RecordFields[] =>
  Array.from({ length: count }, (_, index) =>
    newRecord(`${tag}N${index + 1}`, { name: `Imported ${tag} ${index + 1}` }),
  );

/** The value shown beside a count's label ("Rows", "Valid"...). */
const countValue = (scope: Locator, label: string) =>
  scope.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

async function expectCounts(page: Page, counts: Record<'Rows' | 'Valid' | 'Invalid' | 'Duplicates', number>) {
  for (const [label, value] of Object.entries(counts))
    await expect(countValue(main(page), label)).toHaveText(value.toLocaleString('en'));
}

/**
 * Records every progress bar the page shows, by name, as it appears: with a few hundred rows the
 * upload and the server's check may take less time than a poll of the test.
 */
async function watchProgressBars(page: Page) {
  await page.evaluate(() => {
    const seen = new Set<string>();
    Object.assign(window, { progressBarsSeen: seen });
    const record = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]'))
        if (bar.hasAttribute('aria-valuenow')) seen.add(bar.getAttribute('aria-label') ?? '');
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  });
  return () =>
    page.evaluate(() => [...(window as unknown as { progressBarsSeen: Set<string> }).progressBarsSeen]);
}

/** Chooses a file the way a person does: the field's button opens the browser's file picker. */
async function chooseFile(page: Page, label: string, file: TestFile) {
  const chooser = page.waitForEvent('filechooser');
  await main(page).getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(file);
  await expect(main(page).getByRole('button', { name: label, exact: true })).toHaveText(file.name);
}

/** Runs an import through the staff API, as the page does, for tests about other screens. */
async function importByApi(page: Page, kind: ImportKind, file: TestFile): Promise<ImportView> {
  const path = importsPath(kind);
  const headers = { origin: appOrigin() };
  const started = await page.request.post(path, { headers, multipart: { file } });
  expect(started.status(), `uploading ${file.name}: ${await started.text()}`).toBe(202);
  const { id } = (await started.json()) as { id: string };
  const view = async () => (await (await page.request.get(`${path}/${id}`)).json()) as ImportView;
  await expect.poll(async () => (await view()).status, WORKED).toBe('ready');
  const committed = await page.request.post(`${path}/${id}/commit`, {
    headers,
    data: { duplicates: 'skip' },
  });
  expect(committed.status(), await committed.text()).toBe(202);
  await expect.poll(async () => (await view()).status, WORKED).toBe('done');
  return view();
}

test.describe('Import (people)', () => {
  test('imports 300 rows: progress, review with problems and a duplicate, commit, then the list', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const existing = await createPersonByApi(page.request, newRecord(`${tag}OLD`), { withPdf: false });
    const rows: Row[] = [
      ...validRows(tag, 300),
      // Rows 302 and 303 (the header is row 1): a date that does not exist, a missing name.
      newRecord(`${tag}BADDATE`, { dob: '1990-02-30' }),
      newRecord(`${tag}NONAME`, { name: '' }),
      // Row 304: the FIN and serial of a record already held.
      newRecord(`${tag}DUP`, { finNumber: existing.finNumber, eCertNumber: existing.eCertNumber }),
    ];
    const file = csvFile('people', rows);

    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'User Panel' })
      .getByRole('link', { name: 'Import', exact: true })
      .click();
    await expect(page).toHaveURL('/dashboard/import', LOADED);
    await expect(h1(page)).toHaveText('Import', LOADED);

    // The template has the columns this test fills.
    const template = main(page).getByRole('link', { name: 'Download the template' });
    const download = page.waitForEvent('download');
    await template.click();
    const header = fs
      .readFileSync(await (await download).path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0];
    expect(header).toBe(importColumns('people').join(','));

    await chooseFile(page, 'CSV file', file);
    const progressBars = await watchProgressBars(page);
    await main(page).getByRole('button', { name: 'Upload and check' }).click();

    // The review, under the import's own address, so that a reload comes back to it.
    await expect(step(page)).toHaveText('Review the import', WORKED);
    await expect(page).toHaveURL(/\/dashboard\/import\?id=[0-9a-f-]{36}$/);
    expect(await progressBars()).toEqual(expect.arrayContaining(['Uploading']));
    await expect(main(page).getByText(`File: ${file.name}`)).toBeVisible();
    await expectCounts(page, { Rows: 303, Valid: 300, Invalid: 2, Duplicates: 1 });

    const problems = main(page).getByRole('region', { name: 'Problems' });
    await expect(problems.getByText('2 rows have problems')).toBeVisible();
    const table = problems.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Row', 'Column', 'Problem']);
    await expect(table.getByRole('row').filter({ hasText: /^302dob/ })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: /^303name/ })).toHaveCount(1);
    const errorsLink = problems.getByRole('link', { name: 'Download all errors (CSV)' });
    const errorsCsv = await page.request.get((await errorsLink.getAttribute('href')) ?? '');
    expect(errorsCsv.status()).toBe(200);
    expect(await errorsCsv.text()).toContain(`P${tag}BADDATE`);

    // A reload resumes the review where the server has it.
    await page.reload();
    await expect(step(page)).toHaveText('Review the import', LOADED);
    await expectCounts(page, { Rows: 303, Valid: 300, Invalid: 2, Duplicates: 1 });
    const savingBars = await watchProgressBars(page);

    const duplicates = main(page).getByRole('radiogroup', { name: 'Duplicates' });
    await expect(
      duplicates.getByRole('radio', { name: 'Skip rows that duplicate an existing record' }),
    ).toBeChecked();
    await main(page).getByRole('button', { name: 'Commit 300 records' }).click();

    await expect(step(page)).toHaveText('Import finished', WORKED);
    expect(await savingBars()).toEqual(['Saving records']);
    await expect(main(page).getByRole('status')).toHaveText(
      '300 records added, 0 replaced, 1 duplicate row skipped; 2 rows with problems left out.',
    );

    await main(page).getByRole('link', { name: 'Go to Peoples' }).click();
    await expect(page).toHaveURL('/dashboard/peoples', LOADED);
    const imported = rows[149] as RecordFields;
    const box = main(page).getByRole('textbox', { name: /^Search by name/ });
    await box.fill(imported.finNumber);
    await box.press('Enter');
    await expect(h1(page)).toHaveText('Total People: 1 (Filtered)', LOADED);
    await expect(card(page, imported.name)).toBeVisible();
    // The duplicate was skipped: the record already held keeps its name.
    const held = await page.request.get(`/api/people/${existing.id}`);
    expect(((await held.json()) as { name: string }).name).toBe(existing.name);
  });

  test('works by keyboard alone, and the review has no axe violations', async ({ page }) => {
    const tag = uniqueTag();
    const existing = await createPersonByApi(page.request, newRecord(`${tag}OLD`), { withPdf: false });
    const replacement = newRecord(`${tag}NEW`, {
      name: `Replaced ${tag}`,
      finNumber: existing.finNumber,
      eCertNumber: existing.eCertNumber,
    });
    const file = csvFile(
      'people',
      [...validRows(tag, 2), newRecord(`${tag}BAD`, { passedDate: 'yesterday' }), replacement],
      ['notes'],
    );
    await page.goto('/dashboard/import');
    await expect(h1(page)).toHaveText('Import', LOADED);

    const template = main(page).getByRole('link', { name: 'Download the template' });
    await template.focus();
    const csvButton = main(page).getByRole('button', { name: 'CSV file', exact: true });
    // Playwright intercepts file pickers only once one is awaited, and setting that up takes a round
    // trip to the browser: a key pressed at once can open the picker before it is intercepted.
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, csvButton);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(file);
    await expect(csvButton).toHaveText(file.name);
    await tabTo(page, main(page).getByRole('button', { name: 'Upload and check' }));
    await page.keyboard.press('Enter');

    // Focus follows the import to its review, so the keyboard goes on from there.
    await expect(step(page)).toHaveText('Review the import', WORKED);
    await expect(step(page)).toBeFocused();
    await expectCounts(page, { Rows: 4, Valid: 2, Invalid: 1, Duplicates: 1 });
    // A column the import does not read is worth a warning, not a refusal.
    await expect(main(page).getByRole('note')).toContainText('notes');
    await expectNoAxeViolations(page);

    const skip = main(page).getByRole('radio', { name: 'Skip rows that duplicate an existing record' });
    await tabTo(page, skip);
    await page.keyboard.press('ArrowDown');
    await expect(
      main(page).getByRole('radio', { name: 'Replace the existing record with the row' }),
    ).toBeChecked();
    await tabTo(page, main(page).getByRole('button', { name: 'Commit 3 records' }));
    await page.keyboard.press('Enter');

    await expect(step(page)).toHaveText('Import finished', WORKED);
    await expect(step(page)).toBeFocused();
    await expect(main(page).getByRole('status')).toHaveText(
      '2 records added, 1 replaced, 0 duplicate rows skipped; 1 row with problems left out.',
    );
    await expectNoAxeViolations(page);
    await tabTo(page, main(page).getByRole('link', { name: 'Go to Peoples' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/dashboard/peoples', LOADED);
    const replaced = await page.request.get(`/api/people?q=${encodeURIComponent(existing.finNumber)}`);
    const names = ((await replaced.json()) as { items: { name: string }[] }).items.map((item) => item.name);
    expect(names).toEqual([replacement.name]);
  });

  test('a semicolon file with day-first dates: the review names the separator and lists each duplicate by row', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const existing = await createPersonByApi(page.request, newRecord(`${tag}OLD`), { withPdf: false });
    const [first, second] = validRows(tag, 2) as [RecordFields, RecordFields];
    const rows: Row[] = [
      { ...first, dob: '31/12/1990' },
      { ...second, dob: '01.02.1985', passedDate: '15-06-2025' },
      // Row 4 holds the pair of a record already kept, row 5 the pair of row 2.
      newRecord(`${tag}DUP`, { finNumber: existing.finNumber, eCertNumber: existing.eCertNumber }),
      { ...first, name: `Again ${tag}` },
    ];
    const columns = importColumns('people');
    const lines = [columns, ...rows.map((row) => columns.map((column) => row[column] ?? ''))];
    const file: TestFile = {
      name: `semicolons-${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${lines.map((cells) => cells.join(';')).join('\r\n')}\r\n`),
    };

    await page.goto('/dashboard/import');
    await expect(h1(page)).toHaveText('Import', LOADED);
    await chooseFile(page, 'CSV file', file);
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    await expect(step(page)).toHaveText('Review the import', WORKED);

    await expect(
      main(page).getByText(
        'Read as UTF-8 text with columns separated by semicolons; dates read day first (31/12/2024) or as YYYY-MM-DD.',
      ),
    ).toBeVisible();
    // The counts add up to the rows, and Valid is what the commit writes.
    await expectCounts(page, { Rows: 4, Valid: 2, Invalid: 0, Duplicates: 2 });
    const duplicates = main(page).getByRole('region', { name: 'Duplicate rows' });
    await expect(
      duplicates.getByText('2 rows repeat a FIN and e-Cert serial number', { exact: false }),
    ).toBeVisible();
    await expect(duplicates.getByRole('row')).toHaveText([
      'RowHas the FIN and e-Cert serial number of',
      '4an existing record',
      '5row 2',
    ]);
    const listed = await page.request.get(
      (await duplicates.getByRole('link', { name: 'Download all duplicates (CSV)' }).getAttribute('href')) ??
        '',
    );
    expect(
      (await listed.text())
        .split(/\r?\n/)
        .slice(1, 3)
        .map((line) => line.split(';')[0]),
    ).toEqual(['4', '5']);
    await expect(main(page).getByText('2 new records to add; 2 duplicate rows left out.')).toBeVisible();
    await expectNoAxeViolations(page);

    // Replacing writes the last row of the repeated pair and the row over the record kept.
    await main(page).getByRole('radio', { name: 'Replace the existing record with the row' }).check();
    await expect(main(page).getByRole('button', { name: 'Commit 3 records' })).toBeVisible();
    await main(page).getByRole('radio', { name: 'Skip rows that duplicate an existing record' }).check();
    await main(page).getByRole('button', { name: 'Commit 2 records' }).click();
    await expect(step(page)).toHaveText('Import finished', WORKED);
    await expect(main(page).getByRole('status')).toHaveText(
      '2 records added, 0 replaced, 2 duplicate rows skipped.',
    );
    const saved = await page.request.get(`/api/people?q=${encodeURIComponent(second.finNumber)}`);
    expect(((await saved.json()) as { items: RecordFields[] }).items[0]).toMatchObject({
      dob: '1985-02-01',
      passedDate: '2025-06-15',
    });
  });

  test('the template imports as downloaded; a corrected errors.csv keeps the rows their numbers', async ({
    page,
  }) => {
    await page.goto('/dashboard/import');
    await expect(h1(page)).toHaveText('Import', LOADED);
    const download = page.waitForEvent('download');
    await main(page).getByRole('link', { name: 'Download the template' }).click();
    const template = fs.readFileSync(await (await download).path());
    await chooseFile(page, 'CSV file', { name: 'template.csv', mimeType: 'text/csv', buffer: template });
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    await expect(step(page)).toHaveText('Review the import', WORKED);
    await expectCounts(page, { Rows: 0, Valid: 0, Invalid: 0, Duplicates: 0 });
    await expect(main(page).getByText(/^The file has no rows below its column names/)).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Commit 0 records' })).toBeDisabled();

    // Rows 3 and 5 (the header is row 1) have problems; errors.csv gives them back.
    const tag = uniqueTag();
    const [one, two, three, four] = validRows(tag, 4) as [
      RecordFields,
      RecordFields,
      RecordFields,
      RecordFields,
    ];
    await page.goto('/dashboard/import');
    await expect(h1(page)).toHaveText('Import', LOADED);
    await chooseFile(
      page,
      'CSV file',
      csvFile('people', [one, { ...two, gender: '' }, three, { ...four, dob: 'soon' }]),
    );
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    await expect(step(page)).toHaveText('Review the import', WORKED);
    const errorsLink = main(page).getByRole('link', { name: 'Download all errors (CSV)' });
    const errorsFile = await (await page.request.get((await errorsLink.getAttribute('href')) ?? '')).text();
    const [header = [], ...bad] = parse(errorsFile, { bom: true }) as string[][];
    expect(bad.map((cells) => cells[0])).toEqual(['3', '5']);
    const corrected = bad.map((cells) =>
      cells[0] === '3' ? cells.map((cell, index) => (header[index] === 'gender' ? 'Female' : cell)) : cells,
    );
    const file: TestFile = {
      name: `corrected-${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(stringify([header, ...corrected], { bom: true })),
    };

    await page.goto('/dashboard/import');
    await expect(h1(page)).toHaveText('Import', LOADED);
    await chooseFile(page, 'CSV file', file);
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    await expect(step(page)).toHaveText('Review the import', WORKED);
    await expectCounts(page, { Rows: 2, Valid: 1, Invalid: 1, Duplicates: 0 });
    await expect(main(page).getByText(/Rows are numbered as in the original file/)).toBeVisible();
    const table = main(page).getByRole('region', { name: 'Problems' }).getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: /^5dob/ })).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test('a file the server refuses shows its message; another file can be chosen', async ({
    page,
    consoleGuard,
  }) => {
    // The server's 400 answer, which Chromium logs although the page handles it.
    allowFailedLoad(consoleGuard, '/api/imports', 400);
    await page.goto('/dashboard/import');
    await expect(h1(page)).toHaveText('Import', LOADED);
    await chooseFile(page, 'CSV file', { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/imports'));
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    const response = await answer;
    expect(response.status()).toBe(400);
    const { message } = (await response.json()) as { message: string };
    await expect(main(page).getByRole('alert')).toContainText(message);

    await chooseFile(page, 'CSV file', csvFile('people', validRows(uniqueTag(), 1)));
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    await expect(step(page)).toHaveText('Review the import', WORKED);
    await expectCounts(page, { Rows: 1, Valid: 1, Invalid: 0, Duplicates: 0 });
  });

  test('asks for a CSV file before uploading; the form has no axe violations', async ({ page }) => {
    await page.goto('/dashboard/import');
    await expect(h1(page)).toHaveText('Import', LOADED);
    await expectNoAxeViolations(page);
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    await expect(main(page).getByText('CSV file is required', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'CSV file', exact: true })).toBeFocused();
  });
});

test.describe('records without images', () => {
  test('an imported person shows placeholders on its card and is found by "Missing images only"', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const withImages = await createPersonByApi(
      page.request,
      newRecord(`${tag}IMG`, { name: `With images ${tag}` }),
    );
    const [bare] = validRows(tag, 1) as [RecordFields];
    await importByApi(page, 'people', csvFile('people', [bare]));

    await page.goto(`/dashboard/peoples?q=${tag}`);
    await expect(h1(page)).toHaveText('Total People: 2 (Filtered)', LOADED);
    const bareCard = card(page, bare.name);
    for (const label of ['passport', 'certificate', 'signature'])
      await expect(bareCard.getByText(`No ${label} image`, { exact: true })).toBeVisible();
    await expect(bareCard.getByRole('img')).toHaveCount(0);
    await expect(bareCard.getByRole('button', { name: 'No PDF' })).toBeDisabled();
    await expect(card(page, withImages.name).getByRole('img')).toHaveCount(3);
    await expectNoAxeViolations(page);

    // By keyboard: Space ticks the box.
    const missingOnly = main(page).getByRole('checkbox', { name: 'Missing images only' });
    await missingOnly.focus();
    await page.keyboard.press('Space');
    await expect(missingOnly).toBeChecked();
    await expect(page).toHaveURL(`/dashboard/peoples?q=${tag}&missing=images`, LOADED);
    await expect(h1(page)).toHaveText('Total People: 1 (Filtered)', LOADED);
    await expect(bareCard).toBeVisible();
    await expect(card(page, withImages.name)).toHaveCount(0);
    // A new search keeps the filter.
    const box = main(page).getByRole('textbox', { name: /^Search by name/ });
    await box.fill(bare.finNumber);
    await box.press('Enter');
    await expect(page).toHaveURL(
      `/dashboard/peoples?missing=images&q=${encodeURIComponent(bare.finNumber)}`,
      LOADED,
    );
    await expect(bareCard).toBeVisible();

    // The public record page: a frame where the signature would be, and no certificate to view.
    const view = bareCard.getByRole('link', { name: 'View', exact: true });
    await page.goto((await view.getAttribute('href')) ?? '');
    await expect(page.getByText('No signature available', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Certificate' })).toHaveCount(0);
  });
});

test.describe('Renew Import', () => {
  test('imports renewal rows and leads to Renew Peoples', async ({ page }) => {
    const tag = uniqueTag();
    const rows = validRows(tag, 3);
    await page.goto('/dashboard/renew-peoples');
    await expect(h1(page)).toHaveText(/^Total People/, LOADED);
    await main(page).getByRole('link', { name: 'Import CSV' }).click();
    await expect(h1(page)).toHaveText('Renew Import', LOADED);
    await expect(main(page).getByRole('button', { name: /ZIP/ })).toHaveCount(0);

    await chooseFile(page, 'CSV file', csvFile('renewals', rows));
    await main(page).getByRole('button', { name: 'Upload and check' }).click();
    await expect(step(page)).toHaveText('Review the import', WORKED);
    await expectCounts(page, { Rows: 3, Valid: 3, Invalid: 0, Duplicates: 0 });
    await expect(main(page).getByRole('region', { name: 'Problems' })).toHaveCount(0);
    await expect(main(page).getByRole('radiogroup')).toHaveCount(0);
    await main(page).getByRole('button', { name: 'Commit 3 records' }).click();
    await expect(step(page)).toHaveText('Import finished', WORKED);

    await main(page).getByRole('link', { name: 'Go to Renew Peoples' }).click();
    await expect(page).toHaveURL('/dashboard/renew-peoples', LOADED);
    await page.goto(`/dashboard/renew-peoples?q=${tag}`);
    await expect(h1(page)).toHaveText('Total People: 3 (Filtered)', LOADED);
  });
});
