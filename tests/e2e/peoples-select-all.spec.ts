import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  newRecord,
  staffTest as test,
  uniqueTag,
  waitForAnimations,
} from './fixtures.ts';
import { importPeopleByApi } from './people-by-import.ts';

const LOADED = { timeout: 15_000 };
const main = (page: Page) => page.getByRole('main');

for (const width of [1366, 390]) {
  test.describe(`Peoples at ${width}px: choose all matching`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('offers every record the filters match past the page, and revokes them with the count confirmed', async ({
      page,
    }) => {
      const tag = uniqueTag();
      const course = `Course ${tag}`;
      const rows = Array.from({ length: 15 }, (_, i) =>
        newRecord(`${tag}${i}`, { name: `All ${tag} ${i}`, tradeTested: course }),
      );
      // One of the course with another result: the Result filter leaves it out.
      rows.push(newRecord(`${tag}F`, { name: `Failed ${tag}`, tradeTested: course, testResult: 'Failed' }));
      await importPeopleByApi(page.request, rows);
      const query = `course=${encodeURIComponent(course)}&result=passed`;
      await page.goto(`/dashboard/peoples?view=table&pageSize=12&${query}`);
      await expect(main(page).getByRole('table').first().getByRole('rowheader')).toHaveCount(12, LOADED);

      await main(page).getByRole('checkbox', { name: 'Choose every person on this page' }).check();
      const actions = main(page).getByRole('group', { name: 'Chosen people' });
      await expect(actions.getByRole('status')).toHaveText('12 people chosen');
      await expect(main(page).getByText('All 12 people on this page are chosen.')).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByRole('button', { name: 'Choose all 15 matching' }).press('Enter');
      await expect(actions.getByRole('status')).toHaveText('All 15 matching people chosen');

      await actions.getByRole('button', { name: 'Revoke all 15' }).press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Revoke 15 e-Certs?' });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Course withdrawn');
      await waitForAnimations(page);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Revoke 15 e-Certs' }).press('Enter');
      await expect(page.getByText('15 e-Certs revoked.')).toBeVisible(LOADED);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const revoked = await page.request.get(`/api/people?${query}&status=revoked`);
      expect(((await revoked.json()) as { total: number }).total).toBe(15);
      const failed = await page.request.get(`/api/people?course=${encodeURIComponent(course)}&result=other`);
      const [left] = ((await failed.json()) as { items: { revokedAt: string | null }[] }).items;
      expect(left?.revokedAt).toBeNull();
    });
  });
}
