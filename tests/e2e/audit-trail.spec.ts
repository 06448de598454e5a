import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, newRecord, staffTest as test, uniqueTag } from './fixtures.ts';
import { importPeopleByApi } from './people-by-import.ts';
import { staffAccount } from './staff-accounts.ts';

test.use({ viewport: { width: 1366, height: 900 } });
const LOADED = { timeout: 15_000 };
const main = (page: Page) => page.getByRole('main');

test('the audit trail shows an import as one line that opens to its records, and filters', async ({
  page,
}) => {
  const tag = uniqueTag();
  const rows = Array.from({ length: 12 }, (_, i) =>
    newRecord(`${tag}${i}`, { name: `Intake ${tag} ${String(i).padStart(2, '0')}` }),
  );
  await importPeopleByApi(page.request, rows, `intake-${tag}.csv`);

  await page.goto('/dashboard/audit?entityType=import');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit trail', LOADED);
  const line = main(page)
    .getByRole('row')
    .filter({ hasText: `Import: intake-${tag}.csv` });
  await expect(line).toHaveCount(1, LOADED);
  await expect(line).toContainText('Imported');
  await expect(line).toContainText(staffAccount.name);
  await expect(line).toContainText('Added: 12');

  // Opened by keyboard; its records come a page at a time, by name.
  const show = line.getByRole('button', { name: 'Show the 12 records' });
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(line.getByRole('button', { name: 'Hide the records' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const records = main(page).getByRole('table', { name: /^Imported on .*: 12 records$/ });
  await expect(records.getByRole('row')).toHaveCount(11, LOADED);
  await expect(records).toContainText(`Person: Intake ${tag}`);
  await expect(records).toContainText(`Name: Intake ${tag}`);
  const pages = main(page).getByRole('navigation', { name: /^Pages of Imported on/ });
  await pages.getByRole('button', { name: 'Page 2' }).press('Enter');
  await expect(records.getByRole('row')).toHaveCount(3, LOADED);
  await expectNoAxeViolations(page);

  // Who, what and when, all in the URL.
  await main(page)
    .getByRole('combobox', { name: 'Who' })
    .selectOption({ label: `${staffAccount.name} (${staffAccount.email})` });
  await main(page).getByRole('combobox', { name: 'What' }).selectOption('Imported');
  await expect(page).toHaveURL(/actor=.*action=import|action=import.*actor=/, LOADED);
  await expect(line).toHaveCount(1, LOADED);
  const today = new Date();
  const day = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  await main(page).getByLabel('From').fill(day(today));
  // The date fields show the address: until it has the date, the field shows it empty again.
  await expect(page).toHaveURL(new RegExp(`from=${day(today)}`), LOADED);
  await expect(line).toHaveCount(1, LOADED);
  // From cleared first: a To before From would be read as the range the other way round.
  await main(page).getByLabel('From').fill('');
  await expect(page).not.toHaveURL(/from=/, LOADED);
  await main(page)
    .getByLabel('To')
    .fill(day(new Date(today.getTime() - 2 * 86_400_000)));
  await expect(main(page).getByText('No changes match.')).toBeVisible(LOADED);
});

test('two filters chosen before the first page has loaded both stay in the address', async ({ page }) => {
  await page.goto('/dashboard/audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit trail', LOADED);
  const what = await main(page).getByRole('combobox', { name: 'What' }).elementHandle();
  const records = await main(page).getByRole('combobox', { name: 'Records' }).elementHandle();
  // Both changes in one task: the router has not yet moved to the first when the second comes.
  await page.evaluate(
    ([whatSelect, recordsSelect]) => {
      for (const [select, value] of [
        [whatSelect, 'import'],
        [recordsSelect, 'import'],
      ] as const) {
        if (!(select instanceof HTMLSelectElement)) throw new Error('not a select');
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    },
    [what, records],
  );
  await expect(page).toHaveURL(/action=import/, LOADED);
  await expect(page).toHaveURL(/entityType=import/, LOADED);
});
