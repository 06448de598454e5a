import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  appOrigin,
  createPersonByApi,
  daysAgo,
  expect,
  expectNoAxeViolations,
  newRecord,
  staffTest as test,
  uniqueTag,
  waitForAnimations,
} from './fixtures.ts';
import { importPeopleByApi } from './people-by-import.ts';

test.use({ viewport: { width: 1366, height: 900 } });
const LOADED = { timeout: 15_000 };
const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const rowOf = (page: Page, name: string) =>
  main(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const rowNames = (page: Page) => main(page).getByRole('table').first().getByRole('rowheader');

async function open(page: Page, query: string) {
  await page.goto(`/dashboard/peoples?${query}`);
  await expect(h1(page)).toHaveText(/^Total People: /, LOADED);
}

/** People of one course no other test uses, added by one import (no images: quicker). */
async function oneCourse(page: Page, count: number, names: (i: number, tag: string) => string) {
  const tag = uniqueTag();
  const course = `Course ${tag}`;
  const rows = Array.from({ length: count }, (_, i) =>
    newRecord(`${tag}${i}`, { name: names(i, tag), tradeTested: course }),
  );
  await importPeopleByApi(page.request, rows);
  return { course, names: rows.map((row) => row.name) };
}

test.describe('Peoples: revocation and expiry on the cards', () => {
  test('a revoked card says Revoked with the date and reason; an expired one says Expired', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const revoked = await createPersonByApi(page.request, newRecord(`${tag}R`, { name: `Revoked ${tag}` }), {
      withPdf: false,
    });
    await createPersonByApi(
      page.request,
      newRecord(`${tag}X`, { name: `Lapsed ${tag}`, passedDate: '2020-03-12' }),
      {
        withPdf: false,
      },
    );
    const answer = await page.request.post(`/api/people/${revoked.id}/revoke`, {
      headers: { origin: appOrigin() },
      data: { reason: 'Issued in error' },
    });
    expect(answer.status()).toBe(200);

    await open(page, `view=cards&q=${tag}`);
    const revokedCard = main(page).getByRole('article', { name: `Revoked ${tag}` });
    const today = daysAgo(0).shown;
    await expect(revokedCard.getByText('Revoked', { exact: true }).first()).toBeVisible();
    await expect(revokedCard.getByText(`on ${today}: Issued in error`)).toBeVisible();
    // Revoked wins: the course no longer reads Available.
    await expect(revokedCard.getByText('Available', { exact: true })).toHaveCount(0);
    await expect(revokedCard.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

    const lapsedCard = main(page).getByRole('article', { name: `Lapsed ${tag}` });
    await expect(lapsedCard.getByText('Expired', { exact: true })).toBeVisible();
    await expect(lapsedCard.getByText('was valid until 12 Mar 2022')).toBeVisible();
    await expect(lapsedCard.getByText('Unavailable', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('Peoples: the table view', () => {
  test('switches by keyboard, sorts, filters, sizes, pages and jumps, all kept in the URL', async ({
    page,
  }) => {
    const { course } = await oneCourse(page, 60, (i, tag) => `${'EDCBA'[i % 5]}${tag} Person ${i}`);
    await open(page, 'view=cards');
    // The view toggle is a radio group: arrow keys move the choice.
    await main(page).getByRole('radio', { name: 'Cards' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/view=table/, LOADED);
    await expect(main(page).getByRole('table').first()).toBeVisible(LOADED);

    await main(page).getByRole('combobox', { name: 'Course' }).selectOption(course);
    await expect(h1(page)).toHaveText('Total People: 60 (Filtered)', LOADED);
    await expect(rowNames(page)).toHaveCount(25, LOADED);
    const byName = main(page).getByRole('button', { name: 'Name' });
    await byName.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=name&direction=asc/);
    await expect(rowNames(page).first()).toHaveText(/^A/, LOADED);
    await expect(main(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await byName.press('Enter');
    await expect(rowNames(page).first()).toHaveText(/^E/, LOADED);
    await expect(main(page).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    // Reload and Back keep the view, the filter and the sort.
    await page.reload();
    await expect(rowNames(page).first()).toHaveText(/^E/, LOADED);
    await expect(main(page).getByRole('combobox', { name: 'Course' })).toHaveValue(course);
    await page.goBack();
    await expect(rowNames(page).first()).toHaveText(/^A/, LOADED);

    // Rows per page; Next and Previous read on from the page's ends, kept in the URL.
    await main(page).getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
    await expect(rowNames(page)).toHaveCount(50, LOADED);
    const pages = main(page).getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await pages.getByRole('link', { name: 'Next page' }).press('Enter');
    await expect(page).toHaveURL(/after=/, LOADED);
    await expect(rowNames(page)).toHaveCount(10, LOADED);
    await expect(rowNames(page).first()).toHaveText(/^E/);
    await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await pages.getByRole('link', { name: 'Previous page' }).press('Enter');
    await expect(rowNames(page)).toHaveCount(50, LOADED);
    await expect(rowNames(page).first()).toHaveText(/^A/);

    // A jump to a name: the first rows at or after it in the sort.
    const jump = main(page).getByRole('textbox', { name: 'Jump to name' });
    await jump.fill('C');
    await jump.press('Enter');
    await expect(page).toHaveURL(/from=C/, LOADED);
    await expect(rowNames(page).first()).toHaveText(/^C/, LOADED);
    await expect(rowNames(page)).toHaveCount(36);
    await expect(pages.getByRole('link', { name: 'First page' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('acts on chosen rows: export, revoke with a reason, then delete, each in one go', async ({ page }) => {
    const { course, names } = await oneCourse(page, 4, (i, tag) => `${'DCBA'[i]}${tag} Person`);
    await open(page, `view=table&course=${encodeURIComponent(course)}&sort=name`);
    await expect(rowNames(page)).toHaveCount(4, LOADED);
    const chosen = [...names].sort().slice(0, 3);
    for (const name of chosen) {
      await rowOf(page, name).getByRole('checkbox').focus();
      await page.keyboard.press('Space');
    }
    const actions = main(page).getByRole('group', { name: 'Chosen people' });
    await expect(actions.getByRole('status')).toHaveText('3 people chosen');

    const download = page.waitForEvent('download');
    await actions.getByRole('button', { name: 'Export chosen' }).press('Enter');
    const csv = fs.readFileSync((await (await download).path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\n')[0]).toMatch(/^name,dob,gender,nationality,passportNumber,finNumber,eCertNumber/);
    expect(chosen.every((name) => csv.includes(name))).toBe(true);
    expect(csv.trim().split('\n')).toHaveLength(4);

    await actions.getByRole('button', { name: 'Revoke chosen' }).press('Enter');
    const revokeDialog = page.getByRole('dialog', { name: 'Revoke 3 people' });
    await revokeDialog.getByRole('textbox', { name: 'Reason' }).fill('Test centre closed');
    await waitForAnimations(page);
    await expectNoAxeViolations(page);
    await revokeDialog.getByRole('button', { name: 'Revoke' }).press('Enter');
    await expect(page.getByText('3 people revoked.')).toBeVisible(LOADED);
    for (const name of chosen) await expect(rowOf(page, name).getByText('Revoked')).toBeVisible();
    const left = [...names].sort()[3] ?? '';
    await expect(rowOf(page, left).getByText('Valid')).toBeVisible();

    for (const name of chosen) await rowOf(page, name).getByRole('checkbox').check();
    await actions.getByRole('button', { name: 'Delete chosen' }).click();
    await page
      .getByRole('dialog', { name: 'Delete 3 people' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('3 people moved to the Trash.')).toBeVisible(LOADED);
    await expect(rowNames(page)).toHaveText([left]);
  });
});
