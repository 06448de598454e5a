import type { Page } from '@playwright/test';
import { type RecordFields, recordFieldLabels } from '../../src/shared/api/people.ts';
import {
  createRenewalByApi,
  expect,
  expectNoAxeViolations,
  newRecord,
  personFiles,
  type TestFile,
  staffTest as test,
  uniqueTag,
} from './fixtures.ts';

// A laptop screen, where a newcomer met these: forms and dialogs that lost work or said too little.
test.use({ viewport: { width: 1366, height: 900 } });
test.describe.configure({ mode: 'parallel' });

const LOADED = { timeout: 15_000 };
const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const field = (page: Page, label: string) => main(page).getByRole('textbox', { name: label, exact: true });
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'User Panel' }).getByRole('link', { name, exact: true });

// The form's labels are the record fields' names everywhere else in the dashboard.
const labels = Object.entries(recordFieldLabels) as [keyof RecordFields, string][];

async function chooseFile(page: Page, label: string, file: TestFile) {
  const chooser = page.waitForEvent('filechooser');
  await main(page).getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(file);
}

test('a changed form asks before it is left; after Add it links to the new record', async ({ page }) => {
  const record = newRecord(uniqueTag());
  await page.goto('/dashboard/add-people');
  await expect(h1(page)).toHaveText('Admin Panel', LOADED);
  await field(page, 'Name').click();
  await page.keyboard.type(record.name);

  // Closing or reloading the tab gets the browser's own question.
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const beforeUnload = await question;
  expect(beforeUnload.type()).toBe('beforeunload');
  await beforeUnload.dismiss();

  // Leaving through the sidebar asks in a dialog; staying keeps what was typed.
  await sidebarLink(page, 'Peoples').click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await expect(leave.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL('/dashboard/add-people');
  await expect(field(page, 'Name')).toHaveValue(record.name);

  for (const [name, label] of labels.slice(1)) await field(page, label).fill(record[name]);
  const files = await personFiles();
  await chooseFile(page, 'Passport Image', files.passportImage);
  await chooseFile(page, 'Certificate Image', files.certificateImage);
  await chooseFile(page, 'Signature Image', files.signatureImage);
  await main(page).getByRole('button', { name: 'Submit' }).click();
  await expect(main(page).getByRole('status')).toHaveText('Data submitted successfully!', LOADED);
  await expect(main(page).getByRole('link', { name: 'View the record page (new tab)' })).toHaveAttribute(
    'href',
    /^\/info\/[0-9a-f-]{36}$/,
  );

  // Saved and started over: nothing to lose, so the link leaves without asking.
  await main(page)
    .getByRole('link', { name: `Open ${record.name}` })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/updatepeople\/[0-9a-f-]{36}$/, LOADED);
  await expect(field(page, 'FIN No')).toHaveValue(record.finNumber, LOADED);

  // An edit that changed something asks too; leaving drops the change.
  await field(page, 'Trade Tested').fill('Changed and not saved');
  await sidebarLink(page, 'Peoples').click();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL('/dashboard/peoples', LOADED);
});

// Renew Peoples and Peoples share the dialog and the notice (use-delete-record.tsx).
test('Delete names the record and the Trash; Undo, by keyboard, brings it back', async ({ page }) => {
  const renewal = await createRenewalByApi(page.request, newRecord(uniqueTag()));
  await page.goto(`/dashboard/renew-peoples?q=${renewal.finNumber}`);
  await expect(h1(page)).toHaveText('Total People: 1 (Filtered)', LOADED);
  const card = main(page).getByRole('article', { name: renewal.name, exact: true });
  await card.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Delete renewal' });
  await expect(
    dialog.getByText('Are you sure you want to delete this renewal?', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toContainText(
    `${renewal.name} (FIN No ${renewal.finNumber}, e-Cert No ${renewal.eCertNumber}) goes to the Trash`,
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');

  const notice = page.getByRole('alert').filter({ hasText: 'Renewal deleted successfully' });
  await expect(notice).toBeVisible();
  await expect(card).toHaveCount(0);
  // The card and its button are gone: focus is on Undo, and the notice waits while it is there.
  await expect(notice.getByRole('button', { name: 'Undo' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('alert').filter({ hasText: `${renewal.name} is back.` })).toBeVisible();
  await expect(card).toBeVisible(LOADED);
});
