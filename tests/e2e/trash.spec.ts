import type { Page } from '@playwright/test';
import {
  allowFailedLoad,
  appOrigin,
  createPersonByApi,
  createRenewalByApi,
  expect,
  expectNoAxeViolations,
  newRecord,
  staffTest as test,
  uniqueTag,
  verifyByApi,
} from './fixtures.ts';
import { adminAccount } from './staff-accounts.ts';

test.describe.configure({ mode: 'parallel', timeout: 60_000 });

// A first dashboard page parses the staff chunk and checks the session; allow for a busy machine.
const LOADED = { timeout: 15_000 };
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'User Panel' });
const card = (page: Page, name: string) => main(page).getByRole('article', { name, exact: true });
const searchBox = (page: Page) => main(page).getByRole('textbox', { name: /^Search by name/ });

async function deleteByApi(page: Page, path: string) {
  const response = await page.request.delete(path, { headers: { origin: appOrigin() } });
  expect(response.status(), `deleting ${path}`).toBe(204);
}

async function searchTrash(page: Page, text: string) {
  await searchBox(page).fill(text);
  await searchBox(page).press('Enter');
  await expect(main(page).getByRole('status')).toHaveText('In the trash: 1 (Filtered)', LOADED);
}

test.describe('the trash, for administrators', () => {
  test.use({ account: adminAccount });

  test('restores a deleted person, who is then in Peoples and verifies again', async ({ page }) => {
    const person = await createPersonByApi(page.request, newRecord(uniqueTag()), { withPdf: false });
    await deleteByApi(page, `/api/people/${person.id}`);

    await page.goto('/dashboard');
    await sidebar(page).getByRole('link', { name: 'Trash', exact: true }).click();
    await expect(page).toHaveURL('/dashboard/trash', LOADED);
    await expect(h1(page)).toHaveText('Trash');
    await expect(main(page).getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
    await searchTrash(page, person.finNumber.toLowerCase());
    const trashed = card(page, person.name);
    await expect(trashed.getByText(adminAccount.email)).toBeVisible();
    await expect(trashed.getByText(person.eCertNumber)).toBeVisible();

    await trashed.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `${person.name} was restored.` })).toBeVisible();
    await expect(trashed).toHaveCount(0);
    await expect(main(page).getByRole('status')).toHaveText(/^Nothing in the trash matches/);

    await page.goto(`/dashboard/peoples?q=${person.finNumber}`);
    await expect(h1(page)).toHaveText('Total People: 1 (Filtered)', LOADED);
    await expect(card(page, person.name)).toBeVisible();
    expect(await verifyByApi(page.request, person)).toBe(person.id);
  });

  test('a person whose pair is live again is not restored, and the page says why', async ({
    page,
    consoleGuard,
  }) => {
    const record = newRecord(uniqueTag());
    const first = await createPersonByApi(page.request, record, { withPdf: false });
    allowFailedLoad(consoleGuard, `/api/people/${first.id}/restore`, 409);
    await deleteByApi(page, `/api/people/${first.id}`);
    await createPersonByApi(page.request, { ...record, name: `${record.name} again` }, { withPdf: false });

    await page.goto(`/dashboard/trash?q=${record.finNumber}`);
    await expect(main(page).getByRole('status')).toHaveText('In the trash: 1 (Filtered)', LOADED);
    await card(page, record.name).getByRole('button', { name: 'Restore' }).click();
    await expect(main(page).getByRole('alert')).toContainText(
      'A live record with this FIN number and e-Cert serial no. exists; this one cannot be restored.',
    );
    await expect(card(page, record.name)).toBeVisible();
  });

  test('restores a deleted renewal from the Renewals tab', async ({ page }) => {
    const renewal = await createRenewalByApi(page.request, newRecord(uniqueTag()));
    await deleteByApi(page, `/api/renewals/${renewal.id}`);

    await page.goto('/dashboard/trash');
    await expect(h1(page)).toHaveText('Trash', LOADED);
    await main(page).getByRole('tab', { name: 'Renewals' }).click();
    await expect(page).toHaveURL('/dashboard/trash?kind=renewals');
    // The renewals list mounts its own search box once it has loaded; typing earlier is lost.
    await expect(card(page, renewal.name)).toBeVisible(LOADED);
    await searchTrash(page, renewal.eCertNumber);
    await expect(page).toHaveURL(`/dashboard/trash?kind=renewals&q=${renewal.eCertNumber}`);
    await card(page, renewal.name).getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `${renewal.name} was restored.` })).toBeVisible();

    await page.goto(`/dashboard/renew-peoples?q=${renewal.eCertNumber}`);
    await expect(h1(page)).toHaveText('Total People: 1 (Filtered)', LOADED);
  });

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`has no axe violations at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const person = await createPersonByApi(page.request, newRecord(uniqueTag()), { withPdf: false });
      await deleteByApi(page, `/api/people/${person.id}`);
      await page.goto(`/dashboard/trash?q=${person.finNumber}`);
      await expect(card(page, person.name)).toBeVisible(LOADED);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('the trash, for staff', () => {
  test('is not in the sidebar, and its address leads back to the dashboard', async ({ page }) => {
    await page.goto('/dashboard/trash');
    await expect(page).toHaveURL('/dashboard', LOADED);
    await expect(h1(page)).toHaveText('Dashboard', LOADED);
    await expect(sidebar(page).getByRole('link', { name: 'Trash' })).toHaveCount(0);
  });
});
