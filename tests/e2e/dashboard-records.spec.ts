import type { Locator, Page } from '@playwright/test';
import type { RecordFields } from '../../src/shared/api/people.ts';
import {
  allowFailedLoad,
  createPersonByApi,
  createRenewalByApi,
  daysAgo,
  expect,
  expectImagesLoaded,
  expectNoAxeViolations,
  newRecord,
  personFiles,
  type TestFile,
  staffTest as test,
  testImage,
  uniqueTag,
  waitForAnimations,
} from './fixtures.ts';

test.describe.configure({ mode: 'parallel' });
// A laptop screen: the forms are taller than it, and their results must still be seen.
test.use({ viewport: { width: 1366, height: 900 } });

// A first dashboard page parses the staff chunk and checks the session; allow for a busy machine.
const LOADED = { timeout: 15_000 };
/** An unfiltered list's heading: the count, grouped by thousands ("Total People: 1,204"). */
const anyTotal = /^Total People: \d{1,3}(,\d{3})*$/;

/** The form labels of the eleven fields of the staff form, in form order. */
const fieldLabels: [keyof RecordFields, string][] = [
  ['name', 'Name'],
  ['dob', 'Date of Birth'],
  ['gender', 'Gender'],
  ['nationality', 'Nationality'],
  ['passportNumber', 'Passport No'],
  ['finNumber', 'FIN No'],
  ['eCertNumber', 'e-Cert No'],
  ['tradeTested', 'Trade Tested'],
  ['testLevel', 'Test Level'],
  ['testResult', 'Test Result'],
  ['passedDate', 'Passed Date'],
];

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const field = (page: Page, label: string) => main(page).getByRole('textbox', { name: label, exact: true });
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name, exact: true });
const card = (page: Page, name: string) => main(page).getByRole('article', { name, exact: true });

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(h1(page)).toHaveText(heading, LOADED);
}

async function fillRecord(page: Page, record: RecordFields) {
  for (const [name, label] of fieldLabels) await field(page, label).fill(record[name]);
}

/** Chooses a file the way a person does: the field's button opens the browser's file picker. */
async function chooseFile(page: Page, label: string, file: TestFile) {
  const chooser = page.waitForEvent('filechooser');
  await main(page).getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(file);
  await expect(main(page).getByRole('button', { name: label, exact: true })).toHaveText(file.name);
}

/** The value shown beside a card's label ("DOB:", "Result:"...). */
const cardValue = (scope: Locator, label: string) =>
  scope.locator(`xpath=.//dt[normalize-space()="${label}:"]/following-sibling::dd[1]`);

async function search(page: Page, text: string, how: 'Enter' | 'button') {
  const box = main(page).getByRole('textbox', { name: /^Search by name/ });
  await box.fill(text);
  if (how === 'Enter') await box.press('Enter');
  else await main(page).getByRole('button', { name: 'Search', exact: true }).click();
  const { pathname } = new URL(page.url());
  await expect(page).toHaveURL(`${pathname}?${new URLSearchParams({ q: text })}`, LOADED);
}

const thumbnailSrc = (scope: Locator, name: string) => scope.getByRole('img', { name }).getAttribute('src');

test.describe('people records', () => {
  test('"Admin Panel" adds a person with three images and a PDF; the card shows them', async ({ page }) => {
    const record = newRecord(uniqueTag());
    const files = await personFiles();
    await open(page, '/dashboard/add-people', 'Admin Panel');
    await expect(main(page).getByRole('region', { name: 'Personal Information' })).toBeVisible();
    await expect(main(page).getByRole('region', { name: 'Upload Documents' })).toBeVisible();

    await fillRecord(page, record);
    await chooseFile(page, 'Passport Image', files.passportImage);
    await chooseFile(page, 'Certificate Image', files.certificateImage);
    await chooseFile(page, 'Signature Image', files.signatureImage);
    await chooseFile(page, 'PDF (optional)', files.pdf);
    // The real upload, held back a moment so the working state can be seen.
    await page.route('**/api/people', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/people') && response.request().method() === 'POST',
    );
    await main(page).getByRole('button', { name: 'Submit' }).click();
    await expect(main(page).getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    // At 0% the bar's filled part has no width yet: it is there, with its value in words beside it.
    await expect(main(page).getByRole('progressbar', { name: 'Upload progress' })).toBeAttached();
    await expect(main(page).getByText(/^\d{1,3}% uploaded$/)).toBeVisible();
    expect((await created).status()).toBe(201);
    await page.unrouteAll();

    await expect(main(page).getByRole('status')).toHaveText('Data submitted successfully!');

    await expect(main(page).getByRole('status')).toBeInViewport({ ratio: 1 });
    // The form starts over: every field and file picker is empty again.
    for (const [, label] of fieldLabels) await expect(field(page, label)).toHaveValue('');
    for (const label of ['Passport Image', 'Certificate Image', 'Signature Image'])
      await expect(main(page).getByRole('button', { name: label, exact: true })).toHaveText(
        'Choose an image',
      );
    await expect(main(page).getByRole('button', { name: 'PDF (optional)' })).toHaveText('Choose a PDF');

    // Newest first: the new card is on the first page of the unfiltered list.
    await sidebarLink(page, 'Peoples').click();
    await expect(h1(page)).toHaveText(anyTotal, LOADED);
    const newCard = card(page, record.name);
    await expect(newCard).toBeVisible();
    const shown: [string, string][] = [
      ['DOB', '12 Apr 1990'],
      ['Gender', record.gender],
      ['Nationality', record.nationality],
      ['Passport No', record.passportNumber],
      ['e-Cert No', record.eCertNumber],
      ['FIN No', record.finNumber],
      ['Trade Tested', record.tradeTested],
      ['Test Level', record.testLevel],
      ['Passed Date', daysAgo(30).shown],
      ['Course', 'Available'],
      ['Result', 'Passed'],
    ];
    for (const [label, value] of shown) await expect(cardValue(newCard, label)).toHaveText(value);
    for (const label of ['Signature', 'Passport', 'Certificate'])
      await expect(newCard.getByRole('img', { name: `${label} of ${record.name}` })).toBeVisible();
    await expectImagesLoaded(newCard.getByRole('img'), 3);

    const view = newCard.getByRole('link', { name: 'View', exact: true });
    await expect(view).toHaveAttribute('href', /^\/info\/[0-9a-f-]{36}$/);
    await expect(view).toHaveAttribute('target', '_blank');
    const pdfLink = newCard.getByRole('link', { name: 'PDF', exact: true });
    await expect(pdfLink).toHaveAttribute('target', '_blank');
    const pdf = await page.request.get((await pdfLink.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).equals(files.pdf.buffer)).toBe(true);
  });

  test("a refused pair shows the server's message, a lost connection its own; the entries stay", async ({
    page,
    consoleGuard,
  }) => {
    allowFailedLoad(consoleGuard, '/api/people', 409);
    allowFailedLoad(consoleGuard, '/api/people', 'aborted');
    const existing = await createPersonByApi(page.request, newRecord(uniqueTag()));
    const record = newRecord(uniqueTag(), {
      finNumber: existing.finNumber,
      eCertNumber: existing.eCertNumber,
    });
    const files = await personFiles();
    await open(page, '/dashboard/add-people', 'Admin Panel');
    await fillRecord(page, record);
    await chooseFile(page, 'Passport Image', files.passportImage);
    await chooseFile(page, 'Certificate Image', files.certificateImage);
    await chooseFile(page, 'Signature Image', files.signatureImage);
    await main(page).getByRole('button', { name: 'Submit' }).click();

    await expect(main(page).getByRole('alert')).toHaveText(
      'A record with this FIN number and e-Cert serial no. already exists.',
    );

    await expect(main(page).getByRole('alert')).toBeInViewport({ ratio: 1 });
    await expect(field(page, 'Name')).toHaveValue(record.name);
    await expect(main(page).getByRole('button', { name: 'Passport Image', exact: true })).toHaveText(
      files.passportImage.name,
    );

    // The connection drops: the browser's request fails before any answer.
    await page.route('**/api/people', (route) => route.abort());
    await main(page).getByRole('button', { name: 'Submit' }).click();
    await expect(main(page).getByRole('alert')).toHaveText('An error occurred while submitting.');
    await expect(main(page).getByRole('alert')).toBeInViewport({ ratio: 1 });
    await expect(field(page, 'FIN No')).toHaveValue(existing.finNumber);
    await page.unrouteAll();

    const list = await page.request.get(`/api/people?q=${encodeURIComponent(existing.finNumber)}`);
    expect(((await list.json()) as { total: number }).total).toBe(1);
  });

  test('search shows "(Filtered)", narrows the list case-insensitively, and clears', async ({ page }) => {
    const tag = uniqueTag();
    const alpha = await createPersonByApi(page.request, newRecord(tag, { name: `Alpha Searchable ${tag}` }), {
      withPdf: false,
    });
    // Its own tag, so no identifier of one record contains the other's.
    const beta = await createPersonByApi(
      page.request,
      newRecord(uniqueTag(), { name: `Beta Searchable ${tag}`, nationality: `Nation${tag}` }),
      { withPdf: false },
    );
    await open(page, '/dashboard/peoples', anyTotal);
    const all = Number((await h1(page).textContent())?.replace(/\D/g, ''));
    expect(all).toBeGreaterThan(2);

    // Part of both names, in lower case.
    await search(page, `searchable ${tag.toLowerCase()}`, 'Enter');
    await expect(h1(page)).toHaveText('Total People: 2 (Filtered)');
    await expect(main(page).getByRole('article')).toHaveCount(2);
    // Newest first.
    await expect(main(page).getByRole('article').first()).toHaveAccessibleName(beta.name);

    // Each searchable field narrows to one record.
    for (const [text, expected] of [
      [alpha.finNumber.toLowerCase(), alpha],
      [beta.passportNumber, beta],
      [beta.nationality.toUpperCase(), beta],
      [alpha.eCertNumber, alpha],
    ] as const) {
      await search(page, text, 'button');
      await expect(h1(page)).toHaveText('Total People: 1 (Filtered)');
      await expect(main(page).getByRole('article')).toHaveCount(1);
      await expect(card(page, expected.name)).toBeVisible();
    }

    await search(page, `nobody ${tag}`, 'button');
    await expect(h1(page)).toHaveText('Total People: 0 (Filtered)');
    await expect(main(page).getByRole('status')).toHaveText(`No records match “nobody ${tag}”.`);

    await main(page).getByRole('link', { name: 'Clear search' }).click();
    await expect(page).toHaveURL('/dashboard/peoples', LOADED);
    await expect(h1(page)).toHaveText(anyTotal, LOADED);
    await expect(main(page).getByRole('textbox', { name: /^Search by name/ })).toHaveValue('');
  });

  test('Edit opens the prefilled record, saves a changed field and keeps images not replaced', async ({
    page,
  }) => {
    const person = await createPersonByApi(page.request, newRecord(uniqueTag()));
    await open(page, `/dashboard/peoples?q=${person.finNumber}`, 'Total People: 1 (Filtered)');
    const before = card(page, person.name);
    const passportBefore = await thumbnailSrc(before, `Passport of ${person.name}`);
    const signatureBefore = await thumbnailSrc(before, `Signature of ${person.name}`);
    await before.getByRole('link', { name: 'Edit' }).click();

    await expect(page).toHaveURL(`/dashboard/updatepeople/${person.id}`, LOADED);
    await expect(h1(page)).toHaveText('Update Person');
    await expect(field(page, 'Name')).toHaveValue(person.name);
    await expect(field(page, 'Date of Birth')).toHaveValue(person.dob);
    await expect(field(page, 'FIN No')).toHaveValue(person.finNumber);
    await expect(field(page, 'Trade Tested')).toHaveValue(person.tradeTested);
    await expect(
      main(page).getByRole('img', { name: `Current passport image of ${person.name}` }),
    ).toBeVisible();

    // Every text field stays required.
    await field(page, 'Trade Tested').fill('');
    await main(page).getByRole('button', { name: 'Submit' }).click();
    await expect(main(page).getByText('Trade tested is required')).toBeVisible();
    await expect(field(page, 'Trade Tested')).toBeFocused();

    await field(page, 'Trade Tested').fill('Plumbing');
    await field(page, 'Test Result').fill('Pending');
    await chooseFile(page, 'Signature Image', await testImage('new-signature', 'png'));
    await main(page).getByRole('button', { name: 'Submit' }).click();
    await expect(main(page).getByRole('status')).toHaveText('Data updated successfully!');
    await expect(main(page).getByRole('status')).toBeInViewport({ ratio: 1 });
    await expect(field(page, 'Trade Tested')).toHaveValue('Plumbing');

    await sidebarLink(page, 'Peoples').click();
    await search(page, person.finNumber, 'Enter');
    const after = card(page, person.name);
    await expect(cardValue(after, 'Trade Tested')).toHaveText('Plumbing');
    await expect(cardValue(after, 'Result')).toHaveText('Pending');
    await expectImagesLoaded(after.getByRole('img'), 3);
    expect(await thumbnailSrc(after, `Passport of ${person.name}`)).toBe(passportBefore);
    expect(await thumbnailSrc(after, `Signature of ${person.name}`)).not.toBe(signatureBefore);
  });

  test('Delete asks first; Cancel keeps the person, Delete moves them out of the list', async ({ page }) => {
    const person = await createPersonByApi(page.request, newRecord(uniqueTag()), { withPdf: false });
    await open(page, `/dashboard/peoples?q=${person.finNumber}`, 'Total People: 1 (Filtered)');
    const personCard = card(page, person.name);
    await expect(personCard.getByRole('button', { name: 'No PDF' })).toBeDisabled();

    await personCard.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete person' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('Are you sure you want to delete this person?', { exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(personCard).toBeVisible();

    await personCard.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Person deleted successfully' })).toBeVisible();
    await expect(h1(page)).toHaveText('Total People: 0 (Filtered)');
    await expect(personCard).toHaveCount(0);
    expect((await page.request.get(`/api/people/${person.id}`)).status()).toBe(404);
  });
});

test.describe('renewal records', () => {
  test('"Renew Panel" adds a renewal that Renew Peoples lists, with View on the same FIN', async ({
    page,
  }) => {
    const person = await createPersonByApi(page.request, newRecord(uniqueTag()), { withPdf: false });
    const record = newRecord(uniqueTag(), {
      name: `Renewing ${person.name}`,
      finNumber: person.finNumber,
      testLevel: 'Level 2',
      passedDate: daysAgo(3).iso,
    });
    await open(page, '/dashboard/renew-form', 'Renew Panel');
    await main(page).getByRole('button', { name: 'Submit' }).click();
    // All eleven fields are required; nothing is sent.
    await expect(main(page).getByText(/ is required$/)).toHaveCount(11);

    await fillRecord(page, record);
    await main(page).getByRole('button', { name: 'Submit' }).click();
    await expect(main(page).getByRole('status')).toHaveText('Data submitted successfully!');
    await expect(main(page).getByRole('status')).toBeInViewport({ ratio: 1 });
    for (const [, label] of fieldLabels) await expect(field(page, label)).toHaveValue('');

    await sidebarLink(page, 'Renew Peoples').click();
    await expect(h1(page)).toHaveText(anyTotal, LOADED);
    await search(page, record.name.toLowerCase(), 'Enter');
    await expect(h1(page)).toHaveText('Total People: 1 (Filtered)');
    const renewalCard = card(page, record.name);
    await expect(cardValue(renewalCard, 'FIN No')).toHaveText(person.finNumber);
    await expect(cardValue(renewalCard, 'Test Level')).toHaveText('Level 2');
    await expect(cardValue(renewalCard, 'Passed Date')).toHaveText(daysAgo(3).shown);
    await expect(cardValue(renewalCard, 'Course Status')).toHaveText('Available');
    await expect(cardValue(renewalCard, 'Test Result')).toHaveText('Passed');
    const view = renewalCard.getByRole('link', { name: 'View' });
    await expect(view).toHaveAttribute('href', `/info/${person.id}`);
    await expect(view).toHaveAttribute('target', '_blank');
  });

  test('renew-update saves a change, and Delete asks before removing the renewal', async ({ page }) => {
    const renewal = await createRenewalByApi(page.request, newRecord(uniqueTag(), { testResult: 'Absent' }));
    await open(page, `/dashboard/renew-peoples?q=${renewal.finNumber}`, 'Total People: 1 (Filtered)');
    const renewalCard = card(page, renewal.name);
    // No person holds this FIN, so there is no record page to view.
    await expect(renewalCard.getByRole('button', { name: 'View' })).toBeDisabled();
    await renewalCard.getByRole('link', { name: 'Edit' }).click();

    await expect(page).toHaveURL(`/dashboard/renew-update/${renewal.id}`, LOADED);
    await expect(h1(page)).toHaveText('Update Renewal');
    for (const [name, label] of fieldLabels) await expect(field(page, label)).toHaveValue(renewal[name]);
    await field(page, 'Test Result').fill('Passed');
    await field(page, 'Test Level').fill('Level 3');
    await main(page).getByRole('button', { name: 'Submit' }).click();
    await expect(main(page).getByRole('status')).toHaveText('Data updated successfully!');
    await expect(main(page).getByRole('status')).toBeInViewport({ ratio: 1 });

    await sidebarLink(page, 'Renew Peoples').click();
    await search(page, renewal.finNumber, 'button');
    await expect(cardValue(renewalCard, 'Test Level')).toHaveText('Level 3');
    await expect(cardValue(renewalCard, 'Test Result')).toHaveText('Passed');

    await renewalCard.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete renewal' });
    await expect(
      dialog.getByText('Are you sure you want to delete this renewal?', { exact: true }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Renewal deleted successfully' })).toBeVisible();
    await expect(h1(page)).toHaveText('Total People: 0 (Filtered)');
    expect((await page.request.get(`/api/renewals/${renewal.id}`)).status()).toBe(404);
  });
});

test("All Images lists the new person's images, enlarges one and links the PDF", async ({ page }) => {
  const person = await createPersonByApi(page.request, newRecord(uniqueTag()));
  await open(page, '/dashboard/images', 'All Images');
  await expect(main(page).getByText(/^Total: \d+$/)).toBeVisible();
  // Newest first: the new entry is on the first page.
  const entry = card(page, person.name);
  await expect(entry).toContainText(`FIN No: ${person.finNumber} · e-Cert No: ${person.eCertNumber}`);
  await expectImagesLoaded(entry.getByRole('img'), 3);
  await expect(entry.getByRole('link', { name: 'View PDF' })).toHaveAttribute('href', person.pdf?.url ?? '');

  await entry.getByRole('button', { name: `Enlarge: Certificate of ${person.name}` }).click();
  const viewer = page.getByRole('dialog', { name: `Certificate of ${person.name}` });
  await expect(viewer).toBeVisible();
  await waitForAnimations(page);
  const full = viewer.getByRole('img', { name: `Certificate of ${person.name}` });
  await expectImagesLoaded(full, 1);
  await expect(full).toHaveAttribute('src', person.certificateImage?.url ?? '');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test.describe('a failed submit on a 390px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('scrolls the first invalid field, with its label, into view below the fixed top bar', async ({
    page,
  }) => {
    const record = newRecord(uniqueTag());
    await open(page, '/dashboard/renew-form', 'Renew Panel');
    // Everything but the first field, then Enter in the last one.
    for (const [name, label] of fieldLabels.slice(1)) await field(page, label).fill(record[name]);
    const name = field(page, 'Name');
    // The empty field sits just under the top bar: still "in view" for the browser's own focus
    // scrolling, which would therefore leave it hidden there.
    await name.evaluate((input) => window.scrollBy(0, input.getBoundingClientRect().top - 20));
    await expect.poll(() => name.evaluate((input) => Math.round(input.getBoundingClientRect().top))).toBe(20);
    await page.keyboard.press('Enter');

    await expect(name).toBeFocused();
    await expect(main(page).getByText('Name is required')).toBeVisible();
    const topBar = await page.getByRole('banner').boundingBox();
    const label = main(page).locator('label').filter({ hasText: /^Name/ });
    await expect(label).toBeInViewport({ ratio: 1 });
    for (const shown of [name, label]) {
      const box = await shown.boundingBox();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual((topBar?.y ?? 0) + (topBar?.height ?? 0));
    }
  });
});
